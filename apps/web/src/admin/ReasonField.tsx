// The reason the audit trail keeps with a change (issue 32: Annex 11 asks why a record was deleted or
// archived, and why someone's access changed): a labelled, required text, at most REASON_MAX_LENGTH
// characters, which the confirmation dialogs and the user panel ask for. The call sends it in the
// reason header (RequestOptions.reason).
import { REASON_MAX_LENGTH } from '@lablive/domain';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { LabelledControl } from '../components/LabelledControl.tsx';

export function ReasonField(props: {
  id: string;
  value: string;
  onChange: (reason: string) => void;
  /** The label for a change of access ("Reason for this change"); "Reason" by default. */
  kind?: 'removal' | 'change';
  error?: string | undefined;
  disabled?: boolean;
  testId: string;
  ref?: Ref<HTMLTextAreaElement>;
}) {
  const { t } = useTranslation('admin');
  const change = props.kind === 'change';
  return (
    <div className="reason-field">
      <LabelledControl
        id={props.id}
        label={`${change ? t('reason.changeLabel') : t('reason.label')} *`}
        hint={change ? t('reason.changeHint') : t('reason.hint')}
        error={props.error}
        testId={props.testId}
      >
        {(describedBy) => (
          <textarea
            id={props.id}
            ref={props.ref}
            value={props.value}
            rows={3}
            maxLength={REASON_MAX_LENGTH}
            required
            aria-required="true"
            aria-invalid={props.error !== undefined}
            aria-describedby={describedBy}
            disabled={props.disabled}
            data-testid={props.testId}
            onChange={(event) => props.onChange(event.target.value)}
          />
        )}
      </LabelledControl>
    </div>
  );
}
