// A toggle of the control bar: a button pressed while what it controls is on, named by what a press
// does, drawn as its icon.
import { Icon, type IconName } from '../../components/Icon.tsx';

type ControlToggleProps = {
  testId: string;
  pressed: boolean;
  label: string;
  /** What the pointer shows, when it says more than the name (why the button is unavailable). */
  title?: string | undefined;
  /** The id of a text that explains the button further (why it is unavailable), read after its name. */
  describedBy?: string | undefined;
  icon: IconName;
  disabled?: boolean;
  onToggle(): void;
};

export function ControlToggle({
  testId,
  pressed,
  label,
  title,
  describedBy,
  icon,
  disabled,
  onToggle,
}: ControlToggleProps) {
  return (
    <button
      type="button"
      className="control-button"
      data-testid={testId}
      aria-pressed={pressed}
      aria-label={label}
      title={title ?? label}
      aria-describedby={describedBy}
      disabled={disabled}
      onClick={onToggle}
    >
      <Icon name={icon} />
    </button>
  );
}
