// The E-mails tab (/admin/pharmacovigilance; back-office spec 2.9): the addresses that receive the lab's
// adverse-event reports. Several added at once (shown at once, pending until saved), each switched on
// or off or corrected in place, removed one by one or checked and removed together.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CreateReceiversRequest,
  createReceiversRequestSchema,
  type PharmacovigilanceReceiver,
  REPORT_PAGE_SIZES,
  updateReceiverRequestSchema,
} from '@lablive/domain';
import { useId } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { useToast } from '../../components/toasts/useToast.ts';
import { translateMessage } from '../../i18n/messages.ts';
import { useLoadedQuery } from '../../queries/loaded.ts';
import { useInvalidate } from '../../queries/useInvalidate.ts';
import { pharmacovigilanceApi } from '../adminApi.ts';
import { LoadedView } from '../LoadedView.tsx';
import { AdminList } from '../list/AdminList.tsx';
import { inlineTextColumn } from '../list/inlineTextColumn.tsx';
import { useOptimisticRows } from '../list/useOptimisticRows.ts';
import { useSchemaProblem } from '../list/useSchemaProblem.ts';
import { pharmacovigilanceKeys, useReceivers } from '../resources/pharmacovigilance.ts';
import { PharmacovigilanceTabs } from './PharmacovigilanceTabs.tsx';

/** A row not saved yet has no id of its own: a negative stand-in, never a stored one. */
type ReceiverRow = PharmacovigilanceReceiver & { pending?: true };

export function ReceiversPage() {
  const { state } = useLoadedQuery(useReceivers());
  return (
    <section className="admin-page" aria-labelledby="pharmacovigilance-title">
      <PharmacovigilanceTabs />
      <LoadedView state={state} errorTestId="receivers-error">
        {(receivers) => <Receivers loaded={receivers} />}
      </LoadedView>
    </section>
  );
}

function Receivers({ loaded }: { loaded: readonly ReceiverRow[] }) {
  const { t: ta } = useTranslation('admin');
  const toast = useToast();
  const invalidate = useInvalidate();
  const list = useOptimisticRows<ReceiverRow>(
    loaded,
    (receiver) => String(receiver.id),
    () => invalidate.markStale(pharmacovigilanceKeys.receivers),
  );
  const receiverProblem = useSchemaProblem(updateReceiverRequestSchema);
  const emailError = (email: string) => receiverProblem({ email });

  return (
    <>
      <p className="muted">{ta('pharmacovigilance.receiversIntro')}</p>
      <AdminList<ReceiverRow>
        label={ta('pharmacovigilance.receivers')}
        testId="receivers"
        rows={list.rows}
        rowId={(receiver) => String(receiver.id)}
        rowName={(receiver) => receiver.email}
        pageSizes={REPORT_PAGE_SIZES}
        pending={(receiver) => receiver.pending === true}
        empty={ta('pharmacovigilance.noReceivers')}
        columns={[
          inlineTextColumn({
            id: 'email',
            header: ta('pharmacovigilance.email'),
            testId: 'receiver-email',
            value: (receiver) => receiver.email,
            label: (receiver) => ta('pharmacovigilance.emailOf', { email: receiver.email }),
            validate: emailError,
            disabled: (receiver) => receiver.pending === true,
            commit: (receiver, email) =>
              void list.change(String(receiver.id), { email }, () =>
                pharmacovigilanceApi.changeReceiver(receiver.id, { email }),
              ),
          }),
          {
            id: 'active',
            header: ta('pharmacovigilance.active'),
            narrow: true,
            cell: (receiver) => (
              <input
                type="checkbox"
                role="switch"
                checked={receiver.active}
                aria-checked={receiver.active}
                disabled={receiver.pending}
                aria-label={ta('pharmacovigilance.activeOf', { email: receiver.email })}
                data-testid="receiver-active"
                onChange={(event) => {
                  const active = event.target.checked;
                  void list.change(String(receiver.id), { active }, () =>
                    pharmacovigilanceApi.changeReceiver(receiver.id, { active }),
                  );
                }}
              />
            ),
          },
        ]}
        onRemove={async (ids, reason) => {
          await list.remove(ids, () => pharmacovigilanceApi.removeReceivers(ids.map(Number), { reason }));
          toast.show({ title: ta('pharmacovigilance.removed', { count: ids.length }), tone: 'success' });
        }}
      />
      <AddReceivers
        onAdd={async (request) => {
          const pending = request.emails.map(
            (entry, index): ReceiverRow => ({
              id: -(Date.now() + index),
              email: entry.email.trim().toLowerCase(),
              active: true,
              lab_id: 0,
              pending: true,
            }),
          );
          await list.add(pending, () => pharmacovigilanceApi.addReceivers(request));
          toast.show({ title: ta('pharmacovigilance.saved'), tone: 'success' });
        }}
      />
    </>
  );
}

function AddReceivers({ onAdd }: { onAdd: (request: CreateReceiversRequest) => Promise<void> }) {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const formId = useId();
  const { control, register, handleSubmit, formState, reset } = useForm<CreateReceiversRequest>({
    resolver: zodResolver(createReceiversRequestSchema),
    defaultValues: { emails: [{ email: '' }] },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'emails' });

  async function submit(request: CreateReceiversRequest) {
    try {
      await onAdd(request);
      reset({ emails: [{ email: '' }] });
    } catch {
      // The list has said why in a toast; the addresses stay in the form to try again.
    }
  }

  return (
    <form
      className="admin-form receivers-form"
      noValidate
      aria-labelledby={`${formId}-title`}
      onSubmit={handleSubmit(submit)}
      data-testid="receivers-form"
    >
      <h2 id={`${formId}-title`}>{ta('pharmacovigilance.addTitle')}</h2>
      {fields.map((field, index) => {
        const error = formState.errors.emails?.[index]?.email?.message;
        const inputId = `${formId}-email-${index}`;
        return (
          <div className="field receivers-field" key={field.id}>
            <label htmlFor={inputId}>{ta('pharmacovigilance.newEmail', { number: index + 1 })}</label>
            <div className="receivers-field-row">
              <input
                id={inputId}
                type="email"
                autoComplete="off"
                aria-invalid={error !== undefined}
                aria-describedby={error === undefined ? undefined : `${inputId}-error`}
                data-testid="receiver-new-email"
                {...register(`emails.${index}.email`)}
              />
              {fields.length > 1 && (
                <button
                  type="button"
                  className="button button-secondary button-small"
                  aria-label={ta('pharmacovigilance.removeField', { number: index + 1 })}
                  onClick={() => remove(index)}
                >
                  <span aria-hidden="true">✕</span>
                </button>
              )}
            </div>
            {error !== undefined && (
              <p id={`${inputId}-error`} className="field-error">
                {translateMessage(t, error)}
              </p>
            )}
          </div>
        );
      })}
      <div className="form-actions">
        <button
          type="button"
          className="button button-secondary"
          data-testid="receiver-another"
          onClick={() => append({ email: '' })}
        >
          {ta('pharmacovigilance.anotherEmail')}
        </button>
        <SubmitButton
          label={ta('pharmacovigilance.save')}
          sendingLabel={ta('participantForm.saving')}
          sending={formState.isSubmitting}
          testId="receivers-save"
        />
      </div>
    </form>
  );
}
