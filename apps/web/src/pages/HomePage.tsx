// The home page: the product, a way in (sign in, or back to one's own space), and the error of an
// invitation link that could not be used.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { homeFor, useAuthContext, useCurrentUser } from '../auth/useAuth.ts';
import { describeFailure } from '../i18n/messages.ts';

export function HomePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const invitationError = useAuthContext((context) =>
    context.lastAttempt === 'invitation' ? context.error : null,
  );
  return (
    <section className="card hero" aria-labelledby="home-title">
      <h1 id="home-title">{t('app.name')}</h1>
      <p className="lead">{t('app.tagline')}</p>
      <p>{t('home.intro')}</p>
      {invitationError !== null && (
        <p className="form-error" role="alert" data-testid="invitation-error">
          {t('home.invitationFailed')} {describeFailure(t, invitationError)}
        </p>
      )}
      {user === null ? (
        <Link className="button button-primary" to="/login" data-testid="home-sign-in">
          {t('common.signIn')}
        </Link>
      ) : (
        <Link className="button button-primary" to={homeFor(user)} data-testid="home-continue">
          {t('home.continue', { name: user.name })}
        </Link>
      )}
    </section>
  );
}
