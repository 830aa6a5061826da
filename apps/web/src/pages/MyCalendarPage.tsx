// The calendar page (/my-calendar, back-office spec 2.13, issue 16), opened from the calendar link of a
// guest's mails (`?calendar&e&i&k`): greets the guest, shows their event (name, description, date and
// time on their clock), hands out its calendar file and fills Google Calendar's and Outlook's "new
// event" pages (ADR 0002: no Google or Microsoft sign-in), takes them to the event with a fresh
// personal link; the event's staff pick their room, the lab's admins copy a public event's link.
import { createCalendarApi } from '@lablive/client';
import type { CalendarLink, CalendarPage } from '@lablive/domain';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router-dom';
import { z } from 'zod';
import { LabLogo } from '../components/LabLogo.tsx';
import { PageSpinner } from '../components/PageSpinner.tsx';
import { saveBlob } from '../components/saveBlob.ts';
import { useToast } from '../components/toasts/useToast.ts';
import { richTextParagraphs } from '../entry/eventText.ts';
import { RichText } from '../entry/RichText.tsx';
import { type Failure, toFailure } from '../failure.ts';
import { describeFailure } from '../i18n/messages.ts';
import { useLocale } from '../i18n/useLocale.ts';
import { loadedOf } from '../queries/loaded.ts';
import { QueryProvider } from '../queries/QueryProvider.tsx';
import { api, themeStore } from '../services.ts';
import { themeFromEventInfo } from '../theme/themeSources.ts';
import { googleCalendarUrl, outlookCalendarUrl } from './calendarLinks.ts';
import './myCalendar.css';
import { longDayTimeFormat } from '../format/dayTime.ts';

const calendarApi = createCalendarApi(api.transport);

const calendarStateSchema = z.object({
  eventId: z.number().int().positive(),
  participantId: z.number().int().positive(),
  key: z.string(),
});

export function MyCalendarPage() {
  const parsed = calendarStateSchema.safeParse(useLocation().state);
  if (!parsed.success) return <Navigate to="/" replace />;
  const { eventId, participantId, key } = parsed.data;
  return (
    <QueryProvider>
      <CalendarCard link={{ event: eventId, participant: participantId, key }} />
    </QueryProvider>
  );
}

function CalendarCard({ link }: { link: CalendarLink }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['calendar', link.event, link.participant],
    queryFn: ({ signal }) => calendarApi.page(link, { signal }),
  });
  const state = loadedOf(query);
  const event = query.data?.event;

  useEffect(() => {
    if (event !== undefined) themeStore.set(themeFromEventInfo(event));
  }, [event]);

  return (
    <section
      className="card event-card calendar-card"
      aria-labelledby="calendar-title"
      data-testid="calendar-card"
    >
      <p className="eyebrow" id="calendar-title">
        {t('calendar.title')}
      </p>
      {state.status === 'loading' && <PageSpinner />}
      {state.status === 'failed' && (
        <p className="form-error" role="alert" data-testid="calendar-error">
          {failureText(t, state.failure)}
        </p>
      )}
      {state.status === 'loaded' && <CalendarContent link={link} page={state.value} />}
      <p className="card-footer">
        <Link to="/">{t('common.backToHome')}</Link>
      </p>
    </section>
  );
}

/** A refused key or a guest no longer invited is the spec's "participant" failure; the rest as it came. */
function failureText(t: TFunction, failure: Failure): string {
  if (failure.status === 400 || failure.status === 403) return t('calendar.participantFailed');
  if (failure.status === 404) return t('calendar.eventFailed');
  return describeFailure(t, failure);
}

function CalendarContent({ link, page }: { link: CalendarLink; page: CalendarPage }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { event, participant } = page;
  const timeZone = participant.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const format = longDayTimeFormat(locale, timeZone);
  const start = new Date(event.planned_start_date);
  const end = new Date(event.planned_end_date);
  return (
    <>
      <LabLogo url={event.theme.logoUrl} labName={event.labName} />
      <p data-testid="calendar-greeting">{t('calendar.hello', { name: participant.name })}</p>
      <p>{t('calendar.invitedTo')}</p>
      <h1 data-testid="calendar-event-name">{event.name}</h1>
      <p className="event-meta">
        <span data-testid="calendar-event-when">{format.formatRange(start, end)}</span>
      </p>
      <p className="muted">
        {t('calendar.timeZone', { timeZone })} · {t('calendar.organisedBy', { name: event.labName })}
      </p>
      <RichText markup={event.description} testId="calendar-event-description" />
      {event.ended ? (
        <p className="form-error" data-testid="calendar-ended">
          {t('calendar.ended')}
        </p>
      ) : (
        <>
          <AddToCalendar link={link} page={page} />
          <JoinButton link={link} />
          {page.rooms.length > 0 && <RoomChoice link={link} page={page} />}
        </>
      )}
      {page.publicLink !== null && <PublicLink url={page.publicLink} />}
    </>
  );
}

/** This page's own address: a durable way back (the personal links in the mails are single-use). */
const pageAddress = (link: CalendarLink) =>
  `${window.location.origin}/?calendar&e=${link.event}&i=${link.participant}&k=${encodeURIComponent(link.key)}`;

// The calendar sites an event opens in, in a new tab, with its test id and label key.
const CALENDAR_SITES = [
  { site: 'google', url: googleCalendarUrl },
  { site: 'outlook', url: outlookCalendarUrl },
] as const;

function AddToCalendar({ link, page }: { link: CalendarLink; page: CalendarPage }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [saving, setSaving] = useState(false);
  const here = pageAddress(link);
  const entry = {
    title: page.event.name,
    start: new Date(page.event.planned_start_date),
    end: new Date(page.event.planned_end_date),
    details: [richTextParagraphs(page.event.description).join('\n'), here]
      .filter((part) => part !== '')
      .join('\n\n'),
    location: here,
  };

  async function download() {
    setSaving(true);
    toast.show({ title: t('calendar.saving'), tone: 'info', key: 'calendar-save' });
    try {
      saveBlob(await calendarApi.file(link), `${page.event.slug}.ics`);
      toast.show({
        title: t('calendar.saved'),
        tone: 'success',
        key: 'calendar-save',
        testId: 'calendar-saved',
      });
    } catch (error) {
      const failure = toFailure(error);
      toast.show({
        title: t('calendar.saveFailed'),
        description: failure.status === 0 ? describeFailure(t, failure) : undefined,
        tone: 'error',
        key: 'calendar-save',
        testId: 'calendar-save-failed',
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <section className="calendar-add" aria-labelledby="calendar-add-title">
      <h2 id="calendar-add-title">{t('calendar.add')}</h2>
      <div className="calendar-actions">
        <button
          type="button"
          className="button button-primary"
          data-testid="calendar-download"
          disabled={saving}
          aria-busy={saving}
          onClick={() => void download()}
        >
          {t('calendar.download')}
        </button>
        {CALENDAR_SITES.map(({ site, url }) => (
          <a
            key={site}
            className="button button-secondary"
            href={url(entry)}
            target="_blank"
            rel="noopener noreferrer"
            data-testid={`calendar-${site}`}
          >
            {t(`calendar.${site}`)} <span className="visually-hidden">{t('calendar.newTab')}</span>
          </a>
        ))}
      </div>
      <p className="muted">{t('calendar.downloadHint')}</p>
    </section>
  );
}

function JoinButton({ link }: { link: CalendarLink }) {
  const { t } = useTranslation();
  const [error, setError] = useState<Failure | null>(null);
  const [going, setGoing] = useState(false);
  async function go() {
    setGoing(true);
    setError(null);
    try {
      // A full load: the personal link signs in and opens the event, as from a mail.
      window.location.assign((await calendarApi.join(link)).url);
    } catch (failure) {
      setError(toFailure(failure));
      setGoing(false);
    }
  }
  return (
    <p>
      <button
        type="button"
        className="button button-secondary"
        data-testid="calendar-join"
        disabled={going}
        onClick={() => void go()}
      >
        {t('calendar.join')}
      </button>
      {error !== null && (
        <span className="form-error" role="alert">
          {failureText(t, error)}
        </span>
      )}
    </p>
  );
}

function RoomChoice({ link, page }: { link: CalendarLink; page: CalendarPage }) {
  const { t } = useTranslation();
  const [room, setRoom] = useState(page.participant.room_id ?? page.rooms[0]?.id ?? 0);
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | Failure>('idle');
  async function save() {
    setStatus('saving');
    try {
      await calendarApi.chooseRoom(link, room);
      setStatus('saved');
    } catch (error) {
      setStatus(toFailure(error));
    }
  }
  return (
    <form
      className="calendar-room"
      onSubmit={(submitted) => {
        submitted.preventDefault();
        void save();
      }}
    >
      <label htmlFor="calendar-room">{t('calendar.room')}</label>
      <select
        id="calendar-room"
        data-testid="calendar-room"
        value={room}
        onChange={(changed) => {
          setRoom(Number(changed.target.value));
          setStatus('idle');
        }}
      >
        {page.rooms.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
      <button type="submit" className="button button-secondary" disabled={status === 'saving'}>
        {t('calendar.roomSave')}
      </button>
      <span
        role="status"
        data-testid="calendar-room-status"
        className={typeof status === 'object' ? 'form-error' : 'form-success'}
      >
        {status === 'saved'
          ? t('calendar.roomSaved')
          : typeof status === 'object'
            ? failureText(t, status)
            : ''}
      </span>
    </form>
  );
}

function PublicLink({ url }: { url: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      toast.show({ title: t('calendar.copied'), tone: 'success', testId: 'calendar-link-copied' });
    } catch {
      toast.show({ title: t('calendar.notCopied', { url }), tone: 'info', testId: 'calendar-link-copied' });
    }
  }
  return (
    <div className="calendar-public-link">
      <label htmlFor="calendar-public-link">{t('calendar.publicLink')}</label>
      <div className="calendar-public-link-row">
        <input id="calendar-public-link" readOnly value={url} data-testid="calendar-public-link" />
        <button type="button" className="button button-secondary" onClick={() => void copy()}>
          {t('calendar.copy')}
        </button>
      </div>
    </div>
  );
}
