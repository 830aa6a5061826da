// The poll form, the one the room's animators and the back office's poll page share (live-room spec 5,
// back-office spec 2.6): title (the question when left empty), question, two to ten options, multiple
// choice. Its values and reasons live with its owner (the room's poll machine; the back office's page),
// which edits them with `editPollForm` and checks them with the domain's `parsePollForm`; this only
// shows them and hands the edits back. `name` keeps the ids of two open forms apart (the new one and an
// edited poll) and names the test ids.
import { MIN_POLL_OPTIONS, ROOM_COMMAND_LIMITS } from '@lablive/domain';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SidebarError } from '../SidebarError.tsx';
import type { PollFormEdit, PollFormValues } from './pollForm.ts';
import type { PollProblem } from './pollMachine.ts';
import { pollProblemText } from './pollTexts.ts';
import './pollForm.css';

export type PollFormProps = {
  name: string;
  heading: string;
  submitLabel: string;
  /** The room has not answered the save yet. */
  busy: boolean;
  form: PollFormValues;
  problem: PollProblem | null;
  onEdit(edit: PollFormEdit): void;
  onSubmit(): void;
  /** Editing a saved poll can be given up (Cancel, or Escape); a new poll's form simply stays. */
  onCancel?: (() => void) | undefined;
  /** An edit form opened from a button takes the focus, so the keyboard carries on in the form. */
  focusOnOpen?: boolean;
  /** The id of a heading outside the form that names it (a page's title): no heading of its own then. */
  labelledBy?: string;
  /** An option's test id, when not `{name}-option-{index}`. */
  optionTestId?: (index: number) => string;
  /** More classes for the form's layout (the back office lays the options three to a line). */
  className?: string;
};

export function PollForm(props: PollFormProps) {
  const { name, form, problem, busy, onEdit, onCancel } = props;
  const { t } = useTranslation('room');
  const optionCount = form.options.length;
  const firstField = useRef<HTMLInputElement>(null);
  const lastOption = useRef<HTMLInputElement>(null);
  const previousCount = useRef(optionCount);

  useEffect(() => {
    if (props.focusOnOpen) firstField.current?.focus();
  }, [props.focusOnOpen]);

  // A new option gets the focus, so adding one from the keyboard goes straight to typing it.
  useEffect(() => {
    if (optionCount > previousCount.current) lastOption.current?.focus();
    previousCount.current = optionCount;
  }, [optionCount]);

  const formProblem = problem === null ? null : pollProblemText(t, problem);
  const id = (part: string) => `${name}-${part}`;

  return (
    <form
      className={props.className === undefined ? 'poll-form' : `poll-form ${props.className}`}
      noValidate
      aria-labelledby={props.labelledBy ?? id('form-title')}
      aria-describedby={formProblem === null ? undefined : id('error')}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSubmit();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && onCancel) {
          event.preventDefault();
          onCancel();
        }
      }}
    >
      {props.labelledBy === undefined && (
        <h3 id={id('form-title')} className="sidebar-subheading">
          {props.heading}
        </h3>
      )}
      <div className="field">
        <label htmlFor={id('title')}>{t('polls.title')}</label>
        <input
          id={id('title')}
          ref={firstField}
          data-testid={id('title')}
          value={form.title}
          maxLength={ROOM_COMMAND_LIMITS.pollTitle}
          aria-describedby={id('title-hint')}
          onChange={(event) => onEdit({ type: 'form.title', value: event.target.value })}
        />
        <p id={id('title-hint')} className="field-hint">
          {t('polls.titleHint')}
        </p>
      </div>
      <div className="field">
        <label htmlFor={id('question')}>{t('polls.question')}</label>
        <input
          id={id('question')}
          data-testid={id('question')}
          value={form.question}
          maxLength={ROOM_COMMAND_LIMITS.pollQuestion}
          required
          onChange={(event) => onEdit({ type: 'form.question', value: event.target.value })}
        />
      </div>
      <fieldset className="poll-options-field">
        <legend>{t('polls.options')}</legend>
        <div className="poll-option-list">
          {form.options.map((option, index) => (
            // Options have no identity but their place; the inputs are controlled, so the index is enough.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <div className="poll-option-row" key={index}>
              <label className="visually-hidden" htmlFor={id(`option-${index}`)}>
                {t('polls.option', { number: index + 1 })}
              </label>
              <input
                id={id(`option-${index}`)}
                ref={index === optionCount - 1 ? lastOption : undefined}
                data-testid={props.optionTestId?.(index) ?? id(`option-${index}`)}
                value={option}
                placeholder={t('polls.option', { number: index + 1 })}
                maxLength={ROOM_COMMAND_LIMITS.pollOption}
                onChange={(event) => onEdit({ type: 'form.option', index, value: event.target.value })}
              />
              <button
                type="button"
                className="icon-button"
                data-testid={id(`remove-option-${index}`)}
                aria-label={t('polls.removeOption', { number: index + 1 })}
                title={t('polls.removeOption', { number: index + 1 })}
                disabled={optionCount <= MIN_POLL_OPTIONS}
                onClick={() => onEdit({ type: 'form.removeOption', index })}
              >
                <span aria-hidden="true">×</span>
              </button>
            </div>
          ))}
        </div>
        <button
          type="button"
          className="button button-secondary button-small"
          data-testid={id('add-option')}
          disabled={optionCount >= ROOM_COMMAND_LIMITS.pollOptions}
          onClick={() => onEdit({ type: 'form.addOption' })}
        >
          + {t('polls.addOption')}
        </button>
      </fieldset>
      <div className="checkbox-field">
        <input
          id={id('multiple')}
          type="checkbox"
          data-testid={id('multiple')}
          checked={form.allowMultiple}
          onChange={(event) => onEdit({ type: 'form.multiple', value: event.target.checked })}
        />
        <label htmlFor={id('multiple')}>{t('polls.multiple')}</label>
      </div>
      <div className="poll-form-actions">
        <button type="submit" className="button button-primary" data-testid={id('save')} disabled={busy}>
          {busy ? t('polls.saving') : props.submitLabel}
        </button>
        {onCancel && (
          <button
            type="button"
            className="button button-secondary"
            data-testid={id('cancel')}
            disabled={busy}
            onClick={onCancel}
          >
            {t('polls.cancelEdit')}
          </button>
        )}
      </div>
      <SidebarError error={formProblem} id={id('error')} testId={id('error')} />
    </form>
  );
}
