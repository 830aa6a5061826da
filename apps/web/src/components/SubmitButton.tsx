// A form's submit button that shows a spinner and its "sending" label while the request runs.
import { Spinner } from './Spinner.tsx';

type SubmitButtonProps = { label: string; sendingLabel: string; sending: boolean; testId: string };

export function SubmitButton({ label, sendingLabel, sending, testId }: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className="button button-primary"
      disabled={sending}
      aria-busy={sending}
      data-testid={testId}
    >
      {sending && <Spinner />}
      <span>{sending ? sendingLabel : label}</span>
    </button>
  );
}
