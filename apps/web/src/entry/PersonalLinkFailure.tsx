// What a personal link that did not sign in says on its own page (issue 26): a used or expired link
// offers, in one click, to mail a fresh one to the address it was sent to (guests have no password);
// a link of an event that is over says so. The server answers the offer the same whatever the link,
// so the page only ever says that a new link is on its way if the link was the reader's.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { useSubmission } from '../hooks/useSubmission.ts';
import { describeFailure } from '../i18n/messages.ts';
import { api } from '../services.ts';

const resend = (token: string) => api.resendPersonalLink({ token });

/** Staff open personal links too; they, unlike guests, have a password to fall back on. */
function StaffSignIn() {
  const { t } = useTranslation();
  return (
    <p className="card-footer">
      <Link to="/login" data-testid="link-staff-sign-in">
        {t('personalLink.staffSignIn')}
      </Link>
    </p>
  );
}

export function UsedLinkOffer({ token }: { token: string }) {
  const { t } = useTranslation();
  const { submission, submit } = useSubmission(resend);
  const sent = useRef<HTMLParagraphElement>(null);
  // The button goes once it has done its work: the focus moves to what it did, not to the page's top.
  useEffect(() => {
    if (submission.status === 'done') sent.current?.focus();
  }, [submission.status]);
  return (
    <section className="card form-card" aria-labelledby="link-used-title" data-testid="link-used">
      <h1 id="link-used-title">{t('personalLink.usedTitle')}</h1>
      <p>{t('personalLink.usedText')}</p>
      {submission.status === 'done' ? (
        <p role="status" tabIndex={-1} ref={sent} data-testid="link-resent">
          {t('personalLink.sent')}
        </p>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void submit(token);
          }}
        >
          <SubmitButton
            label={t('personalLink.resend')}
            sendingLabel={t('personalLink.sending')}
            sending={submission.status === 'sending'}
            testId="link-resend"
          />
          {submission.status === 'failed' && (
            <p className="form-error" role="alert" data-testid="link-resend-error">
              {describeFailure(t, submission.failure)}
            </p>
          )}
        </form>
      )}
      <StaffSignIn />
    </section>
  );
}

export function EventOverNotice() {
  const { t } = useTranslation();
  return (
    <section className="card form-card" aria-labelledby="link-over-title" data-testid="link-event-over">
      <h1 id="link-over-title">{t('personalLink.overTitle')}</h1>
      <p>{t('personalLink.overText')}</p>
      <StaffSignIn />
    </section>
  );
}
