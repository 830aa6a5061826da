// The address whose data is asked for, as both forms of the page ask it (the export's and the
// erasure's): an e-mail input with its label, hint and error, the error translated and announced.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n/messages.ts';
import { ControlField } from '../ControlField.tsx';

export function PersonEmailField(props: {
  id: string;
  label: string;
  hint: string;
  /** The form's message for the field (a domain sentence), translated here. */
  error: string | undefined;
  testId: string;
  registration: UseFormRegisterReturn<'email'>;
}) {
  const { t } = useTranslation();
  const { id, error, testId } = props;
  return (
    <ControlField
      id={id}
      label={props.label}
      hint={props.hint}
      error={error === undefined ? undefined : translateMessage(t, error)}
      testId={testId}
      announceError
    >
      {(describedBy) => (
        <input
          id={id}
          type="email"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error !== undefined}
          aria-describedby={describedBy}
          data-testid={testId}
          {...props.registration}
        />
      )}
    </ControlField>
  );
}
