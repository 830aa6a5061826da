// The poll form (/admin/polls/create and /admin/polls/{id}; back-office spec 2.6 and 5): title (the
// question when left empty), question, two to ten answer options added and removed in place, multiple
// choice, Save and Cancel. Checked with the poll form schema the room's form uses (pollFormValues.ts);
// saved, it says 'Poll created!' or 'Poll updated!' and goes back to the list.
import { zodResolver } from '@hookform/resolvers/zod';
import type { PollView } from '@lablive/domain';
import { useId, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';
import { FormField } from '../../components/FormField.tsx';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { useToast } from '../../components/toasts/useToast.ts';
import { type Failure, toFailure } from '../../failure.ts';
import { describeFailure } from '../../i18n/messages.ts';
import { loadedOf } from '../../queries/loaded.ts';
import { useInvalidate } from '../../queries/useInvalidate.ts';
import { pollsApi } from '../adminApi.ts';
import { LoadFailure } from '../LoadFailure.tsx';
import { pollKeys, usePoll } from '../resources/polls.ts';
import {
  NEW_POLL_VALUES,
  OPTION_COUNT,
  type PollFormRequest,
  type PollFormValues,
  pollFormReason,
  pollFormValuesOf,
  pollFormValuesSchema,
} from './pollFormValues.ts';
import './polls.css';

const LIST = '/admin/polls';
const validId = (value: number) => Number.isSafeInteger(value) && value > 0;

export function PollFormPage() {
  const { id = '' } = useParams();
  const creating = id === 'create';
  const pollId = Number(id);
  const valid = creating || validId(pollId);
  const state = loadedOf(usePoll(creating || !valid ? null : pollId));
  if (!valid) return <Navigate to={LIST} replace />;
  if (state.status === 'loading') return <PageSpinner />;
  if (state.status === 'failed') return <LoadFailure failure={state.failure} testId="poll-form-error" />;
  return <PollFormView key={id} poll={state.value} />;
}

function PollFormView({ poll }: { poll: PollView | null }) {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const navigate = useNavigate();
  const toast = useToast();
  const formId = useId();
  const [failure, setFailure] = useState<Failure | null>(null);
  const invalidate = useInvalidate();
  const { control, register, handleSubmit, formState, watch } = useForm<
    PollFormValues,
    unknown,
    PollFormRequest
  >({
    resolver: zodResolver(pollFormValuesSchema),
    defaultValues: poll === null ? NEW_POLL_VALUES : pollFormValuesOf(poll),
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'options' });
  const errors = formState.errors;
  const reason = (text: string | undefined) => {
    if (text === undefined) return undefined;
    const key = pollFormReason(text);
    return key === null ? text : ta(`pollForm.reasons.${key}`, OPTION_COUNT);
  };
  // The rules on the options as a whole (none blank, two to ten) are reported on the list, not a field.
  const optionsMessage = errors.options?.root?.message ?? errors.options?.message;
  const optionsReason = reason(optionsMessage);
  const blankOptions = pollFormReason(optionsMessage ?? '') === 'optionBlank';
  const options = watch('options');

  async function save(request: PollFormRequest) {
    setFailure(null);
    try {
      if (poll === null) {
        await pollsApi.createPoll(request);
        toast.show({ title: ta('pollForm.created'), tone: 'success', testId: 'poll-form-saved' });
      } else {
        await pollsApi.editPoll(poll.id, request);
        toast.show({ title: ta('pollForm.updated'), tone: 'success', testId: 'poll-form-saved' });
      }
      invalidate.afterSave(pollKeys.all);
      navigate(LIST);
    } catch (error) {
      setFailure(toFailure(error));
    }
  }

  const optionsHintId = `${formId}-options-hint`;
  const optionsErrorId = `${formId}-options-error`;
  return (
    <section className="admin-page" aria-labelledby="poll-form-title">
      <h1 id="poll-form-title">{poll === null ? ta('pollForm.createTitle') : ta('pollForm.editTitle')}</h1>
      <form
        className="admin-form poll-admin-form"
        noValidate
        onSubmit={handleSubmit(save)}
        data-testid="poll-form"
      >
        <FormField
          id={`${formId}-title`}
          label={ta('pollForm.title')}
          hint={ta('pollForm.titleHint')}
          type="text"
          autoComplete="off"
          registration={register('title')}
          testId="poll-form-title"
          error={reason(errors.title?.message)}
        />
        <FormField
          id={`${formId}-question`}
          label={ta('pollForm.question')}
          type="text"
          autoComplete="off"
          registration={register('question')}
          testId="poll-form-question"
          error={reason(errors.question?.message)}
        />
        <fieldset
          className="field poll-admin-options"
          aria-describedby={
            optionsReason === undefined ? optionsHintId : `${optionsHintId} ${optionsErrorId}`
          }
        >
          <legend>{ta('pollForm.options')}</legend>
          <p id={optionsHintId} className="field-hint">
            {ta('pollForm.optionsHint', OPTION_COUNT)}
          </p>
          <ol className="poll-admin-option-grid">
            {fields.map((field, index) => {
              const inputId = `${formId}-option-${index}`;
              const error = reason(
                errors.options?.[index]?.value?.message ?? errors.options?.[index]?.message,
              );
              // A blank option is the one the rule is about: marked where it is.
              const blank = blankOptions && (options[index]?.value ?? '').trim() === '';
              return (
                <li key={field.id} className="poll-admin-option">
                  <label className="visually-hidden" htmlFor={inputId}>
                    {ta('pollForm.option', { number: index + 1 })}
                  </label>
                  <div className="poll-admin-option-row">
                    <input
                      id={inputId}
                      type="text"
                      autoComplete="off"
                      placeholder={ta('pollForm.option', { number: index + 1 })}
                      aria-invalid={blank || error !== undefined}
                      data-testid="poll-form-option"
                      {...register(`options.${index}.value`)}
                    />
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      aria-label={ta('pollForm.removeOption', { number: index + 1 })}
                      title={ta('pollForm.removeOption', { number: index + 1 })}
                      disabled={fields.length <= OPTION_COUNT.min}
                      data-testid="poll-form-remove-option"
                      onClick={() => remove(index)}
                    >
                      <span aria-hidden="true">✕</span>
                    </button>
                  </div>
                  {error !== undefined && <p className="field-error">{error}</p>}
                </li>
              );
            })}
          </ol>
          <button
            type="button"
            className="button button-secondary button-small poll-admin-add-option"
            disabled={fields.length >= OPTION_COUNT.max}
            data-testid="poll-form-add-option"
            onClick={() => append({ value: '' })}
          >
            + {ta('pollForm.addOption')}
          </button>
          {optionsReason !== undefined && (
            <p id={optionsErrorId} className="field-error" data-testid="poll-form-options-error">
              {optionsReason}
            </p>
          )}
        </fieldset>
        <label className="checkbox-field">
          <input type="checkbox" data-testid="poll-form-multiple" {...register('allowMultiple')} />
          {ta('pollForm.multiple')}
        </label>
        {failure !== null && (
          <p className="form-error" role="alert" data-testid="poll-save-error">
            {describeFailure(t, failure)}
          </p>
        )}
        <div className="form-actions">
          <Link to={LIST} className="button button-secondary" data-testid="poll-form-cancel">
            {ta('pollForm.cancel')}
          </Link>
          <SubmitButton
            label={ta('pollForm.save')}
            sendingLabel={ta('pollForm.saving')}
            sending={formState.isSubmitting}
            testId="poll-form-save"
          />
        </div>
      </form>
    </section>
  );
}
