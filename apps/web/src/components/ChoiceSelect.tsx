// A labelled drop-down on Radix Select (keyboard, typeahead, screen-reader roles): the device, role and
// room pickers of the pre-room pages. Options need non-empty values, as Radix requires.
import { Select } from 'radix-ui';
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
  // Radix shows the placeholder for an empty string; a value no longer offered must not linger either.
  const current = value !== null && choices.some((choice) => choice.value === value) ? value : '';
  return (
    <div className="choice-field">
      <label className="choice-label" htmlFor={id}>
        {label}
      </label>
      <Select.Root value={current} onValueChange={onChange} disabled={disabled || choices.length === 0}>
        <Select.Trigger
          id={id}
          className="choice-trigger"
          data-testid={testId}
          aria-describedby={describedBy}
        >
          <Select.Value placeholder={placeholder} />
          <Select.Icon className="choice-icon" aria-hidden="true">
            ▾
          </Select.Icon>
        </Select.Trigger>
        <Select.Portal>
          <Select.Content className="choice-content" position="popper" sideOffset={4}>
            <Select.Viewport className="choice-viewport">
              {choices.map((choice) => (
                <Select.Item
                  key={choice.value}
                  value={choice.value}
                  className="choice-item"
                  data-testid={`${testId}-option`}
                >
                  <Select.ItemText>{choice.label}</Select.ItemText>
                  <Select.ItemIndicator className="choice-check" aria-hidden="true">
                    ✓
                  </Select.ItemIndicator>
                </Select.Item>
              ))}
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
    </div>
  );
}
