// A back-office page that is one form (an event, a guest, a document, a media): the section labelled by
// its title, what the form is about or why it cannot be sent (`lead`), and the form itself, which
// validates in the page's own words (noValidate) and says what it sends through `onSubmit`.
import type { FormEventHandler, ReactNode } from 'react';

type FormPageProps = {
  titleId: string;
  title: string;
  lead?: ReactNode;
  /** More classes than admin-form, for the form's own layout. */
  className?: string;
  testId: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
  /** What the page shows under the form that is not part of it (a form cannot hold another). */
  after?: ReactNode;
};

export function FormPage(props: FormPageProps) {
  const { titleId, title, lead, className, testId, onSubmit, children, after } = props;
  return (
    <section className="admin-page" aria-labelledby={titleId}>
      <h1 id={titleId}>{title}</h1>
      {lead}
      <form
        className={className === undefined ? 'admin-form' : `admin-form ${className}`}
        noValidate
        onSubmit={onSubmit}
        data-testid={testId}
      >
        {children}
      </form>
      {after}
    </section>
  );
}
