// A form's submit button that shows a spinner and its "sending" label while the request runs.
import { Spinner } from './Spinner.tsx';

type SubmitButtonProps = {
  label: string;
  sendingLabel: string;
  sending: boolean;
  testId: string;
  /** Not sendable for another reason than sending (nothing to choose from, a closed record). */
  disabled?: boolean;
};

export function SubmitButton({ label, sendingLabel, sending, testId, disabled = false }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className="button button-primary"
      disabled={sending || disabled}
      aria-busy={sending}
      data-testid={testId}
    >
      {sending && <Spinner />}
      <span>{sending ? sendingLabel : label}</span>
    </button>
  );
}
