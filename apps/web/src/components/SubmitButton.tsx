// A form's submit button that shows a spinner and its "sending" label while the request runs.
import { BusyButton } from './BusyButton.tsx';

type SubmitButtonProps = {
  label: string;
  sendingLabel: string;
  sending: boolean;
  testId: string;
  /** Not sendable for another reason than sending (nothing to choose from, a closed record). */
  disabled?: boolean;
  /** The id of what says more about sending (the signature the sender makes by it). */
  describedBy?: string;
};

export function SubmitButton({ sendingLabel, sending, ...props }: SubmitButtonProps) {
  return <BusyButton type="submit" busyLabel={sendingLabel} busy={sending} {...props} />;
}
