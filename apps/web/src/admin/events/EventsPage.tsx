// The events page of the back office (/admin/events; back-office spec, section 2.2): Current, Planned
// and Closed events as card grids, each section with its empty-state card, and "New event". The section
// of an event is the domain's one rule (eventCategory); running events lead the current ones.
import { type CurrentUser, compareCurrentEvents, eventCategory, type LabEvent } from '@lablive/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '../../auth/useAuth.ts';
import { useLoadedQuery } from '../../queries/loaded.ts';
import { useInvalidate } from '../../queries/useInvalidate.ts';
import { ListPage } from '../ListPage.tsx';
import { eventKeys, useEvents } from '../resources/events.ts';
import { EventCard } from './EventCard.tsx';

const SECTIONS = ['current', 'planned', 'closed'] as const;

export function EventsPage() {
  const { t } = useTranslation('admin');
  const user = useCurrentUser();
  const { state } = useLoadedQuery(useEvents());
  const invalidate = useInvalidate();
  // A started, closed or cancelled event moves between the sections: the list loads again.
  const reload = () => invalidate.refresh(eventKeys.all);
  if (user === null) return null;
  return (
    <ListPage
      titleId="events-title"
      title={t('events.title')}
      add={{ to: '/admin/events/create', label: t('events.newEvent'), testId: 'new-event' }}
      state={state}
      errorTestId="events-error"
    >
      {(events) => <EventSections events={events} user={user} onChange={reload} />}
    </ListPage>
  );
}

function EventSections({
  events,
  user,
  onChange,
}: {
  events: LabEvent[];
  user: CurrentUser;
  onChange: () => void;
}) {
  const { t } = useTranslation('admin');
  const now = new Date();
  return SECTIONS.map((section) => {
    const inSection = events.filter((event) => eventCategory(event, now) === section);
    // Running first among the current ones; the next planned one first; the latest closed one first.
    if (section === 'current') inSection.sort(compareCurrentEvents);
    if (section === 'planned') {
      inSection.sort((a, b) => Date.parse(a.planned_start_date) - Date.parse(b.planned_start_date));
    }
    return (
      <section
        key={section}
        className="event-section"
        aria-labelledby={`events-${section}`}
        data-testid={`events-${section}`}
      >
        <h2 id={`events-${section}`}>{t(`events.${section}`)}</h2>
        <ul className="event-grid">
          {inSection.map((event) => (
            <li key={event.id}>
              <EventCard event={event} user={user} now={now} onChange={onChange} />
            </li>
          ))}
          {/* A closed event is one that ran: Closed says so instead of offering a new one. */}
          {inSection.length === 0 && section === 'closed' && (
            <li className="muted event-section-none" data-testid="events-closed-none">
              {t('events.noneClosed')}
            </li>
          )}
          {inSection.length === 0 && section !== 'closed' && (
            <li>
              <Link
                to="/admin/events/create"
                className="admin-event-card admin-event-card-empty"
                data-testid={`events-${section}-empty`}
              >
                <span aria-hidden="true" className="admin-event-card-plus">
                  +
                </span>
                {t('events.addNew')}
              </Link>
            </li>
          )}
        </ul>
      </section>
    );
  });
}
