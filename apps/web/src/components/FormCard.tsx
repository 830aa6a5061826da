// The card of the app's short forms and what they lead to (sign in, forgot and reset password, confirm
// an address, a personal link, a public event's entry): a section named by its heading, its body, and
// the way on under it.
import type { ReactNode } from 'react';

type FormCardProps = {
  titleId: string;
  title: ReactNode;
  testId?: string;
  titleTestId?: string;
  /** Above the title: a lab's logo, an eyebrow. */
  header?: ReactNode;
  /** The card's last line: a link on, or back. */
  footer?: ReactNode;
  children: ReactNode;
};

export function FormCard({ titleId, title, testId, titleTestId, header, footer, children }: FormCardProps) {
  return (
    <section className="card form-card" aria-labelledby={titleId} data-testid={testId}>
      {header}
      <h1 id={titleId} data-testid={titleTestId}>
        {title}
      </h1>
      {children}
      {footer !== undefined && <p className="card-footer">{footer}</p>}
    </section>
  );
}
