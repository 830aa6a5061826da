// One event on the events page: its name, dates and state, the controls of a manager (start, close,
// cancel, edit, participants, copy the public link) with the spec's confirmations, and the room
// selector of a running event. The server decides; a refused action says why in its dialog.
import type { RequestOptions } from '@lablive/client';
import { adminRouteVerdict, type CurrentUser, isOverdue, type LabEvent, principalOf } from '@lablive/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useToast } from '../../components/toasts/useToast.ts';
import { EventJoin } from '../../entry/EventJoin.tsx';
import { useFormat } from '../../format/useFormat.ts';
import { adminApi } from '../adminApi.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';

/**
 * The steps of an event's life a manager takes, each confirmed first: its button, question and notice;
 * cancelling deletes the event, so its confirmation asks why (the audit trail keeps it).
 */
const LIFECYCLE = [
  {
    key: 'start',
    tone: 'button-primary',
    label: 'events.start',
    confirm: 'events.confirmStart',
    done: 'events.started',
    askReason: false,
    call: (id: number) => adminApi.startEvent(id),
  },
  {
    key: 'close',
    tone: 'button-secondary',
    label: 'events.close',
    confirm: 'events.confirmClose',
    done: 'events.closedNotice',
    askReason: false,
    call: (id: number) => adminApi.closeEvent(id),
  },
  {
    key: 'cancel',
    tone: 'button-danger',
    label: 'events.cancel',
    confirm: 'events.confirmCancel',
    done: 'events.cancelled',
    askReason: true,
    call: (id: number, options: RequestOptions) => adminApi.cancelEvent(id, options),
  },
] as const;

type EventCardProps = { event: LabEvent; user: CurrentUser; now: Date; onChange: () => void };

export function EventCard({ event, user, now, onChange }: EventCardProps) {
  const format = useFormat();
  const { t } = useTranslation('admin');
  const toast = useToast();
  const closed = event.end_date !== null;
  const overdue = isOverdue(event, now);
  const shown = {
    start: !closed && !event.active,
    close: !closed && (event.active || overdue),
    // Upcoming and never started: the only events a manager may cancel (section 4).
    cancel: !event.active && !closed && event.start_date === null,
  };
  const publicUrl = `${window.location.origin}/${event.slug}`;

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(publicUrl);
      toast.show({
        title: t('events.linkCopied', { url: publicUrl }),
        tone: 'success',
        testId: 'link-copied',
      });
    } catch {
      // No clipboard (permission refused, insecure page): the link is still given, to copy by hand.
      toast.show({
        title: t('events.linkNotCopied', { url: publicUrl }),
        tone: 'info',
        testId: 'link-copied',
      });
    }
  }

  const act =
    (action: (options: RequestOptions) => Promise<unknown>, notice: string) => async (reason?: string) => {
      await action({ reason });
      toast.show({ title: notice, tone: 'success' });
      onChange();
    };

  return (
    <article
      className={`admin-event-card${closed || overdue ? ' admin-event-card-past' : ''}`}
      aria-labelledby={`event-${event.id}-name`}
      data-testid={`event-${event.id}`}
    >
      <h3 id={`event-${event.id}-name`} className="admin-event-card-title">
        {event.name}
      </h3>
      <p className="admin-event-card-date" data-testid="event-date">
        {closed
          ? t('events.heldOn', {
              day: format.day(event.start_date ?? event.planned_start_date, event.default_timezone),
            })
          : format.dayAndHours({
              start: event.planned_start_date,
              end: event.planned_end_date,
              timeZone: event.default_timezone,
            })}
      </p>
      <p className="event-badges">
        {event.active && <span className="badge badge-live">{t('events.running')}</span>}
        {event.is_public && <span className="badge">{t('events.public')}</span>}
        <span className="badge">{t('events.rooms', { count: event.rooms.length })}</span>
      </p>
      {overdue && (
        <p className="muted" data-testid={`event-${event.id}-overdue`}>
          {t('events.overdue')}
        </p>
      )}
      {event.active && <EventJoin eventId={event.id} active={event.active} user={user} />}
      {closed && <ClosedEventLinks event={event} user={user} />}
      <div className="admin-event-card-actions">
        {!closed && (
          <Link
            to={`/admin/events/${event.id}/participants`}
            className="button button-secondary button-small"
            data-testid="event-participants"
          >
            {t('events.participants')}
          </Link>
        )}
        {event.is_public && <RegistrationLink eventId={event.id} />}
        {!closed && (
          <Link
            to={`/admin/events/${event.id}`}
            className="button button-secondary button-small"
            data-testid="event-edit"
          >
            {t('events.edit')}
          </Link>
        )}
        {LIFECYCLE.filter((step) => shown[step.key]).map((step) => (
          <ConfirmDialog
            key={step.key}
            trigger={
              <button
                type="button"
                className={`button ${step.tone} button-small`}
                data-testid={`event-${step.key}`}
              >
                {t(step.label)}
              </button>
            }
            title={t(step.label)}
            message={t(step.confirm, { name: event.name })}
            confirmLabel={t(step.label)}
            onConfirm={act((options) => step.call(event.id, options), t(step.done, { name: event.name }))}
            askReason={step.askReason}
            testId={`confirm-${step.key}`}
          />
        ))}
        {event.is_public && !closed && (
          <button
            type="button"
            className="button button-secondary button-small"
            data-testid="event-copy-link"
            onClick={() => void copyLink()}
          >
            {t('events.copyLink')}
          </button>
        )}
      </div>
    </article>
  );
}

/** A public event's registration (issue 33): its form, its registrations, its funnel. */
function RegistrationLink({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  return (
    <Link
      to={`/admin/events/${eventId}/registrations`}
      className="button button-secondary button-small"
      data-testid="event-registrations"
    >
      {t('registration.admin.title')}
    </Link>
  );
}

/** What is left to do with an event that ran: read its figures, its guest list and its mail log. */
function ClosedEventLinks({ event, user }: { event: LabEvent; user: CurrentUser }) {
  const { t } = useTranslation('admin');
  const guests = `/admin/events/${event.id}/participants`;
  const mayReadStats = adminRouteVerdict(principalOf(user), 'statsDetail') === 'show';
  return (
    <div className="admin-event-card-actions">
      {mayReadStats && (
        <Link
          to={`/admin/stats/${event.id}`}
          className="button button-secondary button-small"
          data-testid="event-statistics"
        >
          {t('events.statistics')}
        </Link>
      )}
      <Link to={guests} className="button button-secondary button-small" data-testid="event-guest-list">
        {t('events.guestList')}
      </Link>
      <Link
        to={`${guests}#mail-log`}
        className="button button-secondary button-small"
        data-testid="event-mail-log"
      >
        {t('events.mailLog')}
      </Link>
    </div>
  );
}
