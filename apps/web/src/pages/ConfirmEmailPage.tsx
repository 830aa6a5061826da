// The link mailed to a new sign-in address (/confirm-email?token=…, issue 26): one button confirms it (a
// click, so that a mail scanner opening the link changes nothing), then the address the account signs in
// with from now on, and a way on: the back office when signed in, else the sign-in page.
import { createUsersAdminApi } from '@lablive/client';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useAuthActor, useCurrentUser } from '../auth/useAuth.ts';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { useSubmission } from '../hooks/useSubmission.ts';
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

  return (
    <section className="card form-card" aria-labelledby="confirm-email-title">
      <h1 id="confirm-email-title">{t('confirmEmail.title')}</h1>
      {token === '' ? (
        <p role="alert" data-testid="confirm-email-missing-token">
          {t('confirmEmail.missingToken')}
        </p>
      ) : confirmed !== null ? (
        <>
          <p role="status" className="form-success" data-testid="confirm-email-done">
            {t('confirmEmail.done', { email: confirmed })}
          </p>
          <p className="card-footer">
            <Link
              className="button button-primary"
              to={user?.kind === 'user' ? '/admin' : '/login'}
              data-testid="confirm-email-continue"
            >
              {user?.kind === 'user' ? t('confirmEmail.continue') : t('common.signIn')}
            </Link>
          </p>
        </>
      ) : (
        <>
          <p>{t('confirmEmail.intro')}</p>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <SubmitButton
              label={t('confirmEmail.submit')}
              sendingLabel={t('confirmEmail.sending')}
              sending={submission.status === 'sending'}
              testId="confirm-email-submit"
            />
            {submission.status === 'failed' && (
              <p className="form-error" role="alert" data-testid="confirm-email-error">
                {submission.failure.status === 404
                  ? t('confirmEmail.invalid')
                  : describeFailure(t, submission.failure)}
              </p>
            )}
          </form>
        </>
      )}
    </section>
  );
}
