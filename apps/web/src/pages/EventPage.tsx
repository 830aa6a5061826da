// The page a guest lands on after signing in (public entry or invitation), also reached by staff with an
// invitation: the card of their event (see EventSummary) with the Join button that leads to the
// waiting room, and a way to sign out.
import { useTranslation } from 'react-i18next';
import { useAuthContext, useCurrentUser } from '../auth/useAuth.ts';
import { MyCertificate } from '../certificates/MyCertificate.tsx';
import { PageSpinner } from '../components/PageSpinner.tsx';
import { SignOutButton } from '../components/SignOutButton.tsx';
import { EventSummary } from '../entry/EventSummary.tsx';
import { useEventDetails } from '../entry/useEventDetails.ts';
import { useEventInfo } from '../hooks/useEventInfo.ts';
import { describeFailure } from '../i18n/messages.ts';

export function EventPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const eventId = useAuthContext((context) => context.eventId);
  const event = useEventInfo(eventId);
  const details = useEventDetails(eventId);
  const failure =
    event.status === 'failed' ? event.failure : details.status === 'failed' ? details.failure : null;

  return (
    <section className="card event-card" aria-labelledby="event-title" data-testid="event-card">
      {eventId === null ? (
        <>
          <h1 id="event-title">{t('event.title')}</h1>
          <p data-testid="event-none">{t('event.none')}</p>
        </>
      ) : event.status === 'loaded' && details.status === 'loaded' ? (
        <>
          <EventSummary info={event.info} details={details.details} user={user} />
          <MyCertificate eventId={eventId} />
        </>
      ) : failure !== null ? (
        <>
          <h1 id="event-title">{t('event.title')}</h1>
          <p className="form-error" role="alert" data-testid="event-error">
            {failure.status === 404 ? t('errors.eventNotFound') : describeFailure(t, failure)}
          </p>
        </>
      ) : (
        <PageSpinner />
      )}
      {user !== null && (
        <p className="muted event-signed-in">{t('event.participant', { name: user.name })}</p>
      )}
      <SignOutButton />
    </section>
  );
}
