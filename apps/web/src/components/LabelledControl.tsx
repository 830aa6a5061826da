// A labelled field around any control (an input, a select, a file, a time): its hint and its error,
// linked to the control through aria-describedby, which the control gets from the render function.
import type { ReactNode } from 'react';

type LabelledControlProps = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** The control's test id, which names the error's too (`{testId}-error`); the id by default. */
  testId?: string;
  /** Say the error as soon as it shows (role="alert"), not only when the control gets the focus again. */
  announceError?: boolean;
  children: (describedBy: string | undefined) => ReactNode;
};

export function LabelledControl(props: LabelledControlProps) {
  const { id, label, hint, error, testId = id, announceError = false, children } = props;
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
        <p
          id={errorId}
          className="field-error"
          role={announceError ? 'alert' : undefined}
          data-testid={`${testId}-error`}
        >
          {error}
        </p>
      )}
    </div>
  );
}
