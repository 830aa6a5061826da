// Opened from a calendar link (`?calendar&e={eventId}&i={participantId}`): the event the link is for,
// from its public card, in its lab's look.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { z } from 'zod';
import { LabLogo } from '../components/LabLogo.tsx';
import { PageSpinner } from '../components/PageSpinner.tsx';
import { useEventInfo } from '../hooks/useEventInfo.ts';
import { describeFailure } from '../i18n/messages.ts';
import { themeStore } from '../services.ts';
import { themeFromEventInfo } from '../theme/themeSources.ts';

const calendarStateSchema = z.object({
  eventId: z.number().int().positive(),
  participantId: z.number().int().positive(),
});

export function MyCalendarPage() {
  const { t } = useTranslation();
  const parsed = calendarStateSchema.safeParse(useLocation().state);
  const event = useEventInfo(parsed.success ? parsed.data.eventId : null);

  useEffect(() => {
    if (event.status === 'loaded') themeStore.set(themeFromEventInfo(event.info));
  }, [event]);

  if (!parsed.success) return <Navigate to="/" replace />;

  return (
    <section className="card event-card" aria-labelledby="calendar-title" data-testid="calendar-card">
      <p className="eyebrow" id="calendar-title">
        {t('calendar.title')}
      </p>
      {event.status === 'loading' && <PageSpinner />}
      {event.status === 'failed' && (
        <p className="form-error" role="alert" data-testid="calendar-error">
          {event.failure.status === 404 ? t('errors.eventNotFound') : describeFailure(t, event.failure)}
        </p>
      )}
      {event.status === 'loaded' && (
        <>
          <LabLogo url={event.info.theme.logoUrl} labName={event.info.labName} />
          <p>{t('calendar.invitedTo')}</p>
          <h1 data-testid="calendar-event-name">{event.info.name}</h1>
          <p>{t('calendar.organisedBy', { name: event.info.labName })}</p>
        </>
      )}
      <p className="card-footer">
        <Link to="/">{t('common.backToHome')}</Link>
      </p>
    </section>
  );
}
