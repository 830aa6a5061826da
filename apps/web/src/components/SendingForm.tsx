// A card's form: its fields, the submit button that shows the request running, and the refusal under
// it (announced, and named by the form when the form gives it an id).
import type { FormEvent, ReactNode } from 'react';
import { SubmitButton } from './SubmitButton.tsx';

type SendingFormProps = {
  /** Called on submit; the page does not reload either way. */
  onSend: (event: FormEvent<HTMLFormElement>) => unknown;
  submitLabel: string;
  sendingLabel: string;
  sending: boolean;
  /** The submit button's test id. */
  testId: string;
  /** The refusal, in words, or null. */
  failure: string | null;
  failureTestId: string;
  /** Given, the form is described by the refusal while it shows. */
  failureId?: string;
  children?: ReactNode;
};

export function SendingForm(props: SendingFormProps) {
  const { onSend, submitLabel, sendingLabel, sending, testId, failure, failureTestId, failureId } = props;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onSend(event);
      }}
      aria-describedby={failure === null ? undefined : failureId}
    >
      {props.children}
      <SubmitButton label={submitLabel} sendingLabel={sendingLabel} sending={sending} testId={testId} />
      {failure !== null && (
        <p id={failureId} className="form-error" role="alert" data-testid={failureTestId}>
          {failure}
        </p>
      )}
    </form>
  );
}
