// Signs out through the auth machine; the protected page then sends the visitor home.
import { useTranslation } from 'react-i18next';
import { useAuthActor, useAuthStatus } from '../auth/useAuth.ts';
import { Spinner } from './Spinner.tsx';

export function SignOutButton() {
  const { t } = useTranslation();
  const actor = useAuthActor();
  const signingOut = useAuthStatus() === 'signingOut';
  return (
    <button
      type="button"
      className="button button-secondary"
      disabled={signingOut}
      aria-busy={signingOut}
      data-testid="sign-out"
      onClick={() => actor.send({ type: 'auth.logout' })}
    >
      {signingOut && <Spinner />}
      <span>{signingOut ? t('common.signingOut') : t('common.signOut')}</span>
    </button>
  );
}
