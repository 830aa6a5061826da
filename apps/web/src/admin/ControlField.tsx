// A labelled field of a back-office form around a control the form draws itself (a select, a file, a
// time): its hint and its error linked to the control through aria-describedby, which the control gets
// from the render function. Plain text inputs use components/FormField instead.
import type { ReactNode } from 'react';
import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { Controller } from 'react-hook-form';

type ControlFieldProps = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** The control's test id, which names the error's too (`{testId}-error`); the id by default. */
  testId?: string;
  children: (describedBy: string | undefined) => ReactNode;
};

export function ControlField({ id, label, hint, error, testId = id, children }: ControlFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint === undefined ? null : hintId, error === undefined ? null : errorId]
    .filter((part) => part !== null)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint !== undefined && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {children(describedBy === '' ? undefined : describedBy)}
      {error !== undefined && (
        <p id={errorId} className="field-error" data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

type FileInputProps<T extends FieldValues> = {
  control: Control<T>;
  name: FieldPath<T>;
  id: string;
  accept: string;
  disabled: boolean;
  describedBy: string | undefined;
  invalid?: boolean;
  testId: string;
  /** After the field took the chosen file (null when the choice was emptied). */
  onChosen?: (file: File | null) => void;
};

/** A file input whose chosen file is the form field's value. */
export function FileInput<T extends FieldValues>(props: FileInputProps<T>) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field }) => (
        <input
          id={props.id}
          type="file"
          accept={props.accept}
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          disabled={props.disabled}
          aria-invalid={props.invalid}
          aria-describedby={props.describedBy}
          data-testid={props.testId}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            field.onChange(chosen);
            props.onChosen?.(chosen);
          }}
        />
      )}
    />
  );
}
