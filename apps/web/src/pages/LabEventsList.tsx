// The staff's events on the landing page: the running events first (each with its room selector and
// Join), then the planned and closed ones (back-office spec, section 2.2; the full back office with
// its forms comes later). Read from GET /api/events; a failure is shown, never replaced by sample data.
import {
  type CurrentUser,
  compareCurrentEvents,
  eventCategory,
  isOverdue,
  type LabEvent,
} from '@lablive/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../components/Spinner.tsx';
import { EventJoin } from '../entry/EventJoin.tsx';
import { formatEventDate } from '../entry/eventText.ts';
import { type Failure, toFailure } from '../failure.ts';
import { describeFailure } from '../i18n/messages.ts';
import { api } from '../services.ts';

type Loaded =
  | { status: 'loading' }
  | { status: 'failed'; failure: Failure }
  | { status: 'loaded'; events: LabEvent[] };

export function LabEventsList({ user }: { user: CurrentUser }) {
  const { t, i18n } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    api.rooms
      .labEvents({ signal: controller.signal })
      .then((events) => setLoaded({ status: 'loaded', events }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ status: 'failed', failure: toFailure(error) });
      });
    return () => controller.abort();
  }, []);

  if (loaded.status === 'loading') return <Spinner />;
  if (loaded.status === 'failed') {
    return (
      <p className="form-error" role="alert" data-testid="events-error">
        {describeFailure(t, loaded.failure)}
      </p>
    );
  }
  // The sections follow the domain's one rule (eventCategory); running events lead the current one.
  const now = new Date();
  const groups = (['current', 'planned', 'closed'] as const).map((name) => {
    const events = loaded.events.filter((event) => eventCategory(event, now) === name);
    return { name, events: name === 'current' ? events.sort(compareCurrentEvents) : events };
  });
  return (
    <div className="lab-events">
      {groups.map((group) => (
        <section
          key={group.name}
          aria-labelledby={`events-${group.name}`}
          data-testid={`events-${group.name}`}
        >
          <h2 id={`events-${group.name}`}>{t(`admin.events.${group.name}`)}</h2>
          {group.events.length === 0 ? (
            <p className="muted">{t('admin.events.none')}</p>
          ) : (
            <ul className="lab-event-list">
              {group.events.map((event) => (
                <li key={event.id} className="card" data-testid={`event-${event.id}`}>
                  <h3>{event.name}</h3>
                  <p className="muted">{formatEventDate(event.planned_start_date, i18n.language)}</p>
                  {group.name === 'current' &&
                    (isOverdue(event, now) ? (
                      <p className="muted" data-testid={`event-${event.id}-overdue`}>
                        {t('admin.events.overdue')}
                      </p>
                    ) : (
                      <EventJoin eventId={event.id} active={event.active} user={user} />
                    ))}
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
