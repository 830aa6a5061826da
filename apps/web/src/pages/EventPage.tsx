// The page a guest lands on after signing in (public entry or invitation): the card of their event
// and a way to sign out.
import { useTranslation } from 'react-i18next';
import { useAuthContext, useCurrentUser } from '../auth/useAuth.ts';
import { LabLogo } from '../components/LabLogo.tsx';
import { PageSpinner } from '../components/PageSpinner.tsx';
import { SignOutButton } from '../components/SignOutButton.tsx';
import { useEventInfo } from '../hooks/useEventInfo.ts';
import { describeFailure } from '../i18n/messages.ts';

export function EventPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const eventId = useAuthContext((context) => context.eventId);
  const event = useEventInfo(eventId);

  return (
    <section className="card event-card" aria-labelledby="event-title" data-testid="event-card">
      {eventId === null ? (
        <>
          <h1 id="event-title">{t('event.title')}</h1>
          <p data-testid="event-none">{t('event.none')}</p>
        </>
      ) : event.status === 'loading' ? (
        <PageSpinner />
      ) : event.status === 'failed' ? (
        <>
          <h1 id="event-title">{t('event.title')}</h1>
          <p className="form-error" role="alert" data-testid="event-error">
            {event.failure.status === 404 ? t('errors.eventNotFound') : describeFailure(t, event.failure)}
          </p>
        </>
      ) : (
        <>
          <LabLogo url={event.info.theme.logoUrl} labName={event.info.labName} />
          <p className="eyebrow">{t('event.title')}</p>
          <h1 id="event-title" data-testid="event-name">
            {event.info.name}
          </h1>
          <p>{t('event.organisedBy', { name: event.info.labName })}</p>
        </>
      )}
      {user !== null && <p className="muted">{t('event.participant', { name: user.name })}</p>}
      <SignOutButton />
    </section>
  );
}
