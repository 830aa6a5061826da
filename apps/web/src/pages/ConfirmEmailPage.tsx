// The link mailed to a new sign-in address (/confirm-email?token=…, issue 26): one button confirms it (a
// click, so that a mail scanner opening the link changes nothing), then the address the account signs in
// with from now on, and a way on: the back office when signed in, else the sign-in page.
import { createUsersAdminApi } from '@lablive/client';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useAuthActor, useCurrentUser } from '../auth/useAuth.ts';
import { FormCard } from '../components/FormCard.tsx';
import { SendingForm } from '../components/SendingForm.tsx';
import type { Failure } from '../failure.ts';
import { submissionFailure, useSubmission } from '../hooks/useSubmission.ts';
import { describeFailure } from '../i18n/messages.ts';
import { api } from '../services.ts';

export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const user = useCurrentUser();
  const auth = useAuthActor();
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const users = useMemo(() => createUsersAdminApi(api.transport), []);
  const confirm = useCallback(async () => {
    const { email } = await users.confirmEmail(token);
    setConfirmed(email);
    // Signed in as that account: the page shows the new address at once.
    if (user?.kind === 'user') {
      auth.send({
        type: 'auth.profileChanged',
        profile: { email, first_name: user.first_name, last_name: user.last_name },
      });
    }
  }, [auth, token, user, users]);
  const { submission, submit } = useSubmission(confirm);

  const signedIn = user?.kind === 'user';
  const onward = (
    <Link
      className="button button-primary"
      to={signedIn ? '/admin' : '/login'}
      data-testid="confirm-email-continue"
    >
      {signedIn ? t('confirmEmail.continue') : t('common.signIn')}
    </Link>
  );
  const describe = (failure: Failure) =>
    failure.status === 404 ? t('confirmEmail.invalid') : describeFailure(t, failure);

  return (
    <FormCard
      titleId="confirm-email-title"
      title={t('confirmEmail.title')}
      footer={token !== '' && confirmed !== null ? onward : undefined}
    >
      {token === '' ? (
        <p role="alert" data-testid="confirm-email-missing-token">
          {t('confirmEmail.missingToken')}
        </p>
      ) : confirmed !== null ? (
        <p role="status" className="form-success" data-testid="confirm-email-done">
          {t('confirmEmail.done', { email: confirmed })}
        </p>
      ) : (
        <>
          <p>{t('confirmEmail.intro')}</p>
          <SendingForm
            onSend={() => submit()}
            submitLabel={t('confirmEmail.submit')}
            sendingLabel={t('confirmEmail.sending')}
            sending={submission.status === 'sending'}
            testId="confirm-email-submit"
            failure={submissionFailure(t, submission, describe)}
            failureTestId="confirm-email-error"
          />
        </>
      )}
    </FormCard>
  );
}
