// Signs out through the auth machine; the protected page then sends the visitor home.
import { useTranslation } from 'react-i18next';
import { useAuthActor, useAuthStatus } from '../auth/useAuth.ts';
import { BusyButton } from './BusyButton.tsx';

export function SignOutButton() {
  const { t } = useTranslation();
  const actor = useAuthActor();
  const signingOut = useAuthStatus() === 'signingOut';
  return (
    <BusyButton
      className="button button-secondary"
      label={t('common.signOut')}
      busyLabel={t('common.signingOut')}
      busy={signingOut}
      testId="sign-out"
      onClick={() => actor.send({ type: 'auth.logout' })}
    />
  );
}
