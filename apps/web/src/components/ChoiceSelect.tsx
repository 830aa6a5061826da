// A labelled drop-down on the browser's own <select>: the device, role and room pickers of the pre-room
// pages. The native control has the keyboard, typeahead and screen-reader roles built in (and the
// phone's own picker), and costs no script on the way into the room (Radix Select weighed 10 kB).
import '../waiting/choiceSelect.css';

export type Choice = { value: string; label: string };

type ChoiceSelectProps = {
  id: string;
  label: string;
  value: string | null;
  choices: readonly Choice[];
  onChange: (value: string) => void;
  /** Shown when nothing is chosen (or there is nothing to choose). */
  placeholder: string;
  disabled?: boolean;
  testId: string;
  describedBy?: string | undefined;
};

export function ChoiceSelect(props: ChoiceSelectProps) {
  const { id, label, value, choices, onChange, placeholder, disabled = false, testId, describedBy } = props;
  // A value no longer offered (an unplugged camera) must not linger: the placeholder shows instead.
  const current = value !== null && choices.some((choice) => choice.value === value) ? value : '';
  return (
    <div className="choice-field">
      <label className="choice-label" htmlFor={id}>
        {label}
      </label>
      <div className="choice-control">
        <select
          id={id}
          className="choice-trigger"
          data-testid={testId}
          data-placeholder={current === '' ? '' : undefined}
          aria-describedby={describedBy}
          value={current}
          disabled={disabled || choices.length === 0}
          onChange={(event) => {
            if (event.target.value !== '') onChange(event.target.value);
          }}
        >
          {current === '' && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        <span className="choice-icon" aria-hidden="true">
          ▾
        </span>
      </div>
    </div>
  );
}
