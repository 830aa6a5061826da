// One session of a room on the session detail page: when it ran, its figures, who attended when (a
// timeline of each person's stays on one time axis, with their minutes present) and the same data as a
// table: stays, time present, talk time, messages, votes and requests to speak per person.
import {
  type AnnouncementStatsRow,
  type LobbyStatsRow,
  presentSecondsAt,
  type RoomSessionStats,
  type SessionParticipant,
} from '@lablive/domain';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErasableText } from '../../format/ErasableText.tsx';
import { useFormat } from '../../format/useFormat.ts';
import { SessionAnnouncements } from './SessionAnnouncements.tsx';
import { SessionLobby } from './SessionLobby.tsx';
import { clockOf, minutesOf, sessionTimeline, type TimelineBar } from './statsFormat.ts';

const KNOWN_ROLES = ['participant', 'animator', 'observer', 'observer-animator'] as const;
type KnownRole = (typeof KNOWN_ROLES)[number];
const isKnownRole = (role: string): role is KnownRole => (KNOWN_ROLES as readonly string[]).includes(role);

export type InstantFormats = { time: Intl.DateTimeFormat; dayTime: Intl.DateTimeFormat; timeZone: string };

export function RoomSession(props: {
  session: RoomSessionStats;
  formats: InstantFormats;
  nowMs: number;
  /** What staff announced to every room during this session (issue 33, part 4). */
  announcements?: readonly AnnouncementStatsRow[];
  /** The session's lobby (issue 33, part 2), when anyone used it. */
  lobby?: LobbyStatsRow | undefined;
}) {
  const { session, formats, nowMs } = props;
  const { t } = useTranslation('admin');
  const titleId = useId();
  const format = useFormat();
  const from = formats.dayTime.format(new Date(session.started_at));
  const figures = [
    { key: 'consumed', label: t('stats.detail.consumed'), value: session.consumed_minutes },
    { key: 'messages', label: t('stats.detail.messages'), value: session.messages },
    { key: 'votes', label: t('stats.detail.votes'), value: session.votes },
    { key: 'speak', label: t('stats.detail.speakRequests'), value: session.speak_requests },
    { key: 'shares', label: t('stats.detail.shares'), value: session.shares },
  ];
  return (
    <section className="room-session" aria-labelledby={titleId} data-testid="stats-session">
      <h3 id={titleId} className="room-session-title">
        {t('stats.detail.session', { number: session.number })}{' '}
        <span className="room-session-time">
          {session.ended_at === null
            ? t('stats.detail.sessionRunning', { from })
            : t('stats.detail.sessionTime', { from, to: formats.time.format(new Date(session.ended_at)) })}
        </span>
      </h3>
      <dl className="stats-figures stats-figures-small">
        {figures.map((figure) => (
          <div key={figure.key} className="stats-figure">
            <dt>{figure.label}</dt>
            <dd>{format.count(figure.value)}</dd>
          </div>
        ))}
      </dl>
      <SessionAnnouncements rows={props.announcements ?? []} time={formats.time} />
      <SessionLobby row={props.lobby} />
      {session.participants.length === 0 ? (
        <p className="muted">{t('stats.detail.noPeople')}</p>
      ) : (
        <>
          <AttendanceTimeline session={session} formats={formats} nowMs={nowMs} />
          <AttendanceTable session={session} nowMs={nowMs} />
        </>
      )}
    </section>
  );
}

/** Where a tick's label sits: centred on it, or inside the axis at either end. */
const tickAlign = (left: number) => (left < 6 ? 'start' : left > 94 ? 'end' : 'middle');

function AttendanceTimeline(props: { session: RoomSessionStats; formats: InstantFormats; nowMs: number }) {
  const { session, formats, nowMs } = props;
  const { t } = useTranslation('admin');
  const timeline = sessionTimeline(session, nowMs);
  const span = Math.max(1, timeline.end - timeline.start);
  const ticks = timeline.ticks.map((tick) => ({
    tick,
    left: ((tick - timeline.start) / span) * 100,
    label: formats.time.format(new Date(tick)),
  }));
  const stayText = (bar: TimelineBar) =>
    t('stats.detail.stay', {
      from: formats.time.format(new Date(bar.from)),
      to: bar.open ? t('stats.detail.stillThere') : formats.time.format(new Date(bar.to)),
    });
  return (
    <figure className="attendance-timeline" data-testid="stats-timeline">
      <figcaption>
        <strong>{t('stats.detail.timeline')}</strong>{' '}
        <span className="muted">{t('stats.detail.timelineNote', { zone: formats.timeZone })}</span>
      </figcaption>
      <div className="timeline-axis" aria-hidden="true">
        <div className="timeline-track timeline-axis-track">
          {ticks.map((tick) => (
            <span
              key={tick.tick}
              className={`timeline-tick timeline-tick-${tickAlign(tick.left)}`}
              style={{ left: `${tick.left}%` }}
            >
              {tick.label}
            </span>
          ))}
        </div>
      </div>
      <ul className="timeline-rows">
        {session.participants.map((person, index) => {
          const bars = timeline.rows[index]?.bars ?? [];
          return (
            <li
              key={person.participant_id}
              className="timeline-row"
              data-testid="stats-person"
              data-name={person.name}
            >
              <span className="timeline-name">
                <ErasableText text={person.name} />
              </span>
              <span className="timeline-total">
                {t('stats.detail.totalMinutes', { count: minutesOf(presentSecondsAt(person, nowMs)) })}
              </span>
              <span className="timeline-track">
                {ticks.map((tick) => (
                  <span
                    key={tick.tick}
                    className="timeline-gridline"
                    style={{ left: `${tick.left}%` }}
                    aria-hidden="true"
                  />
                ))}
                {bars.map((bar) => (
                  <span
                    key={bar.from}
                    className={`timeline-bar${bar.open ? ' timeline-bar-open' : ''}`}
                    style={{ left: `${bar.left}%`, width: `${bar.width}%` }}
                    title={stayText(bar)}
                    aria-hidden="true"
                  />
                ))}
                <span className="visually-hidden">
                  {t('stats.detail.stays', { list: bars.map(stayText).join(', ') })}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}

/** A person's figures in the attendance table, a number column each. */
const FIGURES = [
  { label: 'stats.detail.stayCount', value: (person: SessionParticipant) => person.intervals.length },
  {
    label: 'stats.detail.present',
    value: (person: SessionParticipant, nowMs: number) => clockOf(presentSecondsAt(person, nowMs)),
  },
  { label: 'stats.detail.talk', value: (person: SessionParticipant) => clockOf(person.talk_seconds) },
  { label: 'stats.detail.messages', value: (person: SessionParticipant) => person.messages },
  { label: 'stats.detail.votes', value: (person: SessionParticipant) => person.votes },
  { label: 'stats.detail.speakRequests', value: (person: SessionParticipant) => person.speak_requests },
] as const;

function AttendanceTable({ session, nowMs }: { session: RoomSessionStats; nowMs: number }) {
  const { t } = useTranslation('admin');
  const role = (person: SessionParticipant) =>
    isKnownRole(person.role) ? t(`roles.${person.role}`) : person.role;
  const captionId = useId();
  return (
    <section
      className="table-scroll"
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways on a narrow screen must be reachable from the keyboard to scroll it (WCAG 2.1.1).
      tabIndex={0}
    >
      <table className="admin-table stack-on-phone attendance-table" data-testid="stats-attendance-table">
        <caption id={captionId} className="stats-table-caption">
          {t('stats.detail.table')}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('stats.detail.person')}</th>
            <th scope="col">{t('stats.detail.role')}</th>
            {FIGURES.map((figure) => (
              <th key={figure.label} scope="col" className="cell-number">
                {t(figure.label)}
              </th>
            ))}
            <th scope="col">{t('stats.detail.consents')}</th>
          </tr>
        </thead>
        <tbody>
          {session.participants.map((person) => (
            <tr key={person.participant_id}>
              <th scope="row">
                <ErasableText text={person.name} />
              </th>
              <StackedCell label={t('stats.detail.role')}>{role(person)}</StackedCell>
              {FIGURES.map((figure) => (
                <StackedCell key={figure.label} label={t(figure.label)} className="cell-number">
                  {figure.value(person, nowMs)}
                </StackedCell>
              ))}
              <StackedCell label={t('stats.detail.consents')}>
                <ConsentsGiven consents={person.consents} />
              </StackedCell>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The consents a person gave (issue 33): each kind and version, a withdrawn one said so. */
function ConsentsGiven({ consents }: { consents: SessionParticipant['consents'] }) {
  const { t } = useTranslation('admin');
  if (consents.length === 0) return <span className="muted">{t('stats.detail.noConsent')}</span>;
  return (
    <ul className="stats-consents" data-testid="stats-consents">
      {consents.map((consent) => (
        <li key={`${consent.kind}-${consent.version}-${consent.given_at}`}>
          {t('stats.detail.consentGiven', {
            kind: t(`consents.kinds.${consent.kind}`),
            version: consent.version,
          })}
          {consent.withdrawn_at !== null && <> ({t('stats.detail.consentWithdrawn')})</>}
        </li>
      ))}
    </ul>
  );
}

/**
 * A cell with its column's name, shown beside its value on a phone, where the rows are cards (the
 * column names read aloud from the table's header, so hidden from screen readers here). A real element,
 * not the back office's `data-label` ::before: its name wraps in its column instead of running over the
 * value ("Temps de présence", "Demandes de parole").
 */
export function StackedCell(props: { label: string; className?: string; children: ReactNode }) {
  return (
    <td className={props.className}>
      <span className="cell-label" aria-hidden="true">
        {props.label}
      </span>
      <span className="cell-value">{props.children}</span>
    </td>
  );
}
