// What a personal link that did not sign in says on its own page (issue 26): a used or expired link
// offers, in one click, to mail a fresh one to the address it was sent to (guests have no password);
// a link of an event that is over says so. The server answers the offer the same whatever the link,
// so the page only ever says that a new link is on its way if the link was the reader's.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FormCard } from '../components/FormCard.tsx';
import { SendingForm } from '../components/SendingForm.tsx';
import { submissionFailure, useSubmission } from '../hooks/useSubmission.ts';
import { api } from '../services.ts';

const resend = (token: string) => api.resendPersonalLink({ token });

/** Staff open personal links too; they, unlike guests, have a password to fall back on. */
function StaffSignIn() {
  const { t } = useTranslation();
  return (
    <Link to="/login" data-testid="link-staff-sign-in">
      {t('personalLink.staffSignIn')}
    </Link>
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
    <FormCard
      titleId="link-used-title"
      title={t('personalLink.usedTitle')}
      testId="link-used"
      footer={<StaffSignIn />}
    >
      <p>{t('personalLink.usedText')}</p>
      {submission.status === 'done' ? (
        <p role="status" tabIndex={-1} ref={sent} data-testid="link-resent">
          {t('personalLink.sent')}
        </p>
      ) : (
        <SendingForm
          onSend={() => submit(token)}
          submitLabel={t('personalLink.resend')}
          sendingLabel={t('personalLink.sending')}
          sending={submission.status === 'sending'}
          testId="link-resend"
          failure={submissionFailure(t, submission)}
          failureTestId="link-resend-error"
        />
      )}
    </FormCard>
  );
}

export function EventOverNotice() {
  const { t } = useTranslation();
  return (
    <FormCard
      titleId="link-over-title"
      title={t('personalLink.overTitle')}
      testId="link-event-over"
      footer={<StaffSignIn />}
    >
      <p>{t('personalLink.overText')}</p>
    </FormCard>
  );
}
