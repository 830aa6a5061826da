// A button that shows a spinner and its "busy" label while what it started runs, and cannot be pressed
// again until then.
import { Spinner } from './Spinner.tsx';

export type BusyButtonProps = {
  label: string;
  busyLabel: string;
  busy: boolean;
  testId: string;
  /** Not pressable for another reason than being busy (nothing to choose from, a closed record). */
  disabled?: boolean;
  className?: string;
  type?: 'button' | 'submit';
  /** The id of what says more about the button (a statement it makes, a consequence). */
  describedBy?: string;
  onClick?: () => void;
};

export function BusyButton(props: BusyButtonProps) {
  const { label, busyLabel, busy, testId, disabled = false } = props;
  return (
    <button
      type={props.type ?? 'button'}
      className={props.className ?? 'button button-primary'}
      disabled={busy || disabled}
      aria-busy={busy}
      aria-describedby={props.describedBy}
      data-testid={testId}
      onClick={props.onClick}
    >
      {busy && <Spinner />}
      <span>{busy ? busyLabel : label}</span>
    </button>
  );
}
