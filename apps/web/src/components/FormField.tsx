// A labelled input with its hint and error, linked to the input through aria-describedby.
import type { HTMLInputTypeAttribute } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

type FormFieldProps = {
  id: string;
  label: string;
  type: HTMLInputTypeAttribute;
  autoComplete: string;
  registration: UseFormRegisterReturn;
  testId: string;
  error?: string | undefined;
  hint?: string | undefined;
};

export function FormField({
  id,
  label,
  type,
  autoComplete,
  registration,
  testId,
  error,
  hint,
}: FormFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint === undefined ? null : hintId, error === undefined ? null : errorId]
    .filter((value) => value !== null)
    .join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {hint !== undefined && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        aria-invalid={error !== undefined}
        aria-describedby={describedBy === '' ? undefined : describedBy}
        data-testid={testId}
        {...registration}
      />
      {error !== undefined && (
        <p id={errorId} className="field-error" data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
