// One mail template of a media (issue 28): its subject and plain-text body, the placeholders listed and
// inserted where the cursor was, a preview the server fills from its sample event as the text changes
// (the very code the mails use), Save, and "Back to LabLive's wording" (the template deleted, after a
// confirmation). The form checks what the server checks (the domain's mailTemplateFormSchema).
import type { MailTemplateSlot } from '@lablive/client';
import {
  MAIL_TEMPLATE_MESSAGES,
  type MediaMailTemplate,
  TEMPLATE_FIELDS,
  type TemplateField,
  unknownPlaceholders,
} from '@lablive/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { describeFailure, translateMessage } from '../../i18n/messages.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { ControlField } from '../ControlField.tsx';
import { MailPreviewPanel } from './MailPreviewPanel.tsx';
import { useTemplateEditing } from './useTemplateEditing.ts';

type Props = { slot: MailTemplateSlot; template: MediaMailTemplate | null };
type Editing = ReturnType<typeof useTemplateEditing>;

const MESSAGE_KEYS = Object.keys(MAIL_TEMPLATE_MESSAGES) as (keyof typeof MAIL_TEMPLATE_MESSAGES)[];

/** A rule's message in the reader's words; an unknown placeholder names the ones written. */
function useTemplateMessage() {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  return (message: string | undefined, value: string) => {
    if (message === undefined) return undefined;
    const reason = MESSAGE_KEYS.find((key) => MAIL_TEMPLATE_MESSAGES[key] === message);
    if (reason === undefined) return translateMessage(t, message);
    return ta(`mailTemplates.reasons.${reason}`, { unknown: unknownPlaceholders(value).join(', ') });
  };
}

export function MailTemplateEditor({ slot, template }: Props) {
  const { t: ta } = useTranslation('admin');
  const { t } = useTranslation();
  const editing = useTemplateEditing(slot, template);
  const kind = ta(`mailTemplates.kinds.${slot.kind}`);
  const language = ta(`mailTemplates.languages.${slot.locale}`);
  return (
    <form
      className="mail-template-editor"
      noValidate
      onSubmit={editing.save}
      data-testid="mail-template-editor"
    >
      <h3>{ta('mailTemplates.editing', { kind, language })}</h3>
      <div className="mail-template-columns">
        <div className="mail-template-fields">
          <TemplateFields editing={editing} />
          <PlaceholderList onInsert={editing.insert} />
        </div>
        <MailPreviewPanel slot={slot} form={editing.previewed} />
      </div>
      {editing.failure !== null && (
        <p className="field-error" role="alert" data-testid="mail-template-error">
          {describeFailure(t, editing.failure)}
        </p>
      )}
      <div className="form-actions">
        {template !== null && (
          <ConfirmDialog
            trigger={
              <button
                type="button"
                className="button button-secondary"
                data-testid="mail-template-reset-open"
              >
                {ta('mailTemplates.reset')}
              </button>
            }
            title={ta('mailTemplates.resetTitle')}
            message={ta('mailTemplates.resetMessage', { kind, language })}
            confirmLabel={ta('confirm')}
            onConfirm={editing.reset}
            testId="mail-template-reset-dialog"
          />
        )}
        <SubmitButton
          label={ta('mailTemplates.save')}
          sendingLabel={ta('mailTemplates.saving')}
          sending={editing.sending}
          testId="mail-template-save"
        />
      </div>
    </form>
  );
}

/** The subject (one line) and the text, each with its error in the reader's words. */
function TemplateFields({ editing }: { editing: Editing }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const message = useTemplateMessage();
  const subjectError = message(editing.errors.subject?.message, editing.values.subject);
  const bodyError = message(editing.errors.body?.message, editing.values.body);
  return (
    <>
      <ControlField
        id={`${id}-subject`}
        label={t('mailTemplates.subject')}
        error={subjectError}
        testId="mail-template-subject"
      >
        {(describedBy) => (
          <input
            id={`${id}-subject`}
            type="text"
            autoComplete="off"
            aria-invalid={subjectError !== undefined}
            aria-describedby={describedBy}
            data-testid="mail-template-subject"
            {...editing.bind('subject')}
          />
        )}
      </ControlField>
      <ControlField
        id={`${id}-body`}
        label={t('mailTemplates.body')}
        hint={t('mailTemplates.bodyHint')}
        error={bodyError}
        testId="mail-template-body"
      >
        {(describedBy) => (
          <textarea
            id={`${id}-body`}
            rows={10}
            aria-invalid={bodyError !== undefined}
            aria-describedby={describedBy}
            data-testid="mail-template-body"
            {...editing.bind('body')}
          />
        )}
      </ControlField>
    </>
  );
}

/** The placeholders a template may say, each a button that inserts it. */
function PlaceholderList({ onInsert }: { onInsert: (field: TemplateField) => void }) {
  const { t } = useTranslation('admin');
  return (
    <fieldset className="mail-template-placeholders">
      <legend className="field-label">{t('mailTemplates.placeholders')}</legend>
      <p className="field-hint">{t('mailTemplates.placeholdersHint')}</p>
      <ul>
        {TEMPLATE_FIELDS.map((field) => (
          <li key={field}>
            <button
              type="button"
              className="button button-secondary button-small"
              aria-label={t('mailTemplates.insert', {
                placeholder: `{{${field}}}`,
                meaning: t(`mailTemplates.meanings.${field}`),
              })}
              data-testid={`mail-template-insert-${field}`}
              onClick={() => onInsert(field)}
            >
              <code>{`{{${field}}}`}</code>
            </button>
            <span className="field-hint">{t(`mailTemplates.meanings.${field}`)}</span>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
