// The end of a back-office form: the way out without saving (back to the list, or closing the panel the
// form sits in) and the submit button with its sending state.
import type { ComponentProps } from 'react';
import { Link } from 'react-router-dom';
import { SubmitButton } from '../components/SubmitButton.tsx';

type Cancel = { label: string; testId?: string } & ({ to: string } | { onClick: () => void });

export function FormActions({
  cancel,
  submit,
}: {
  cancel: Cancel;
  submit: ComponentProps<typeof SubmitButton>;
}) {
  return (
    <div className="form-actions">
      {'to' in cancel ? (
        <Link to={cancel.to} className="button button-secondary" data-testid={cancel.testId}>
          {cancel.label}
        </Link>
      ) : (
        <button
          type="button"
          className="button button-secondary"
          data-testid={cancel.testId}
          onClick={cancel.onClick}
        >
          {cancel.label}
        </button>
      )}
      <SubmitButton {...submit} />
    </div>
  );
}
