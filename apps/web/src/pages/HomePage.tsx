// The home page: the product, a way in (sign in, or back to one's own space), and the error of an
// invitation link that could not be used. A personal link that failed stays at its address, which is
// this page: a used or expired one offers a fresh one, an event that is over says so.
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { homeFor, useAuthContext, useCurrentUser } from '../auth/useAuth.ts';
import { parseEntryParams } from '../entry/entryParams.ts';
import { EventOverNotice, UsedLinkOffer } from '../entry/PersonalLinkFailure.tsx';
import { describeFailure } from '../i18n/messages.ts';

export function HomePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { search } = useLocation();
  const invitationError = useAuthContext((context) =>
    context.lastAttempt === 'invitation' ? context.error : null,
  );
  const link = parseEntryParams(search);
  if (invitationError !== null && link.kind === 'invitation') {
    if (invitationError.code === 'invalid_token') return <UsedLinkOffer token={link.token} />;
    if (invitationError.code === 'gone') return <EventOverNotice />;
  }
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
