// A session's detail (/admin/stats/{eventId}; issue 18): the event's summary as the closed sessions list
// has it, then each room with its replay and its sessions (who attended when, talk time, messages, votes,
// requests to speak), the event's polls and its questions; attendance, polls and questions download as CSV, and each room's log
// signed for an inspector (with how they check it). Instants are shown in the lab's time zone, which the
// answer carries.
import {
  type AnnouncementStatsRow,
  announcementsOfSession,
  type EventStats,
  type LobbyStatsRow,
  type RoomSessionStats,
} from '@lablive/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router-dom';
import { Spinner } from '../../components/Spinner.tsx';
import { useLoadedQuery } from '../../queries/loaded.ts';
import { useNow } from '../../room/sidebar/stats/useNow.ts';
import { InspectorNote } from '../inspection/InspectorNote.tsx';
import { RoomLogButton, type RoomLogDownload, useRoomLogDownload } from '../inspection/RoomLogButton.tsx';
import { LoadedView } from '../LoadedView.tsx';
import { RegistrationFunnel } from '../registrations/RegistrationFunnel.tsx';
import { useEventStats } from '../resources/stats.ts';
import { recordIdOf } from '../routeIds.ts';
import { CertificateStandings } from './CertificateStandings.tsx';
import { useLengthText } from './ClosedSessions.tsx';
import { PollResults } from './PollResults.tsx';
import { QuestionTable } from './QuestionTable.tsx';
import { type InstantFormats, RoomSession } from './RoomSession.tsx';
import { BlockFailure, StatsSection } from './StatsBlock.tsx';
import { roomNumbers } from './statsFormat.ts';
import { useEventCsvDownload } from './useCsvDownload.ts';
import './stats.css';
import { formatDay } from '../../format/day.ts';
import { dayTimeFormat, timeFormat } from '../../format/dayTime.ts';

const CSV_LABELS = {
  attendance: 'stats.detail.attendanceCsv',
  polls: 'stats.detail.pollsCsv',
  questions: 'questions.csv',
} as const;

/** How often a running event's open stays are counted up again. */
const LIVE_TICK_MS = 30_000;

export function SessionDetailPage() {
  const id = recordIdOf(useParams().eventId);
  const { t } = useTranslation('admin');
  const { state, reload } = useLoadedQuery(useEventStats(id ?? 0, id !== null));
  if (id === null) return <Navigate to="/admin/stats" replace />;
  return (
    <section
      className="admin-page stats-page"
      aria-labelledby="stats-detail-title"
      data-testid="stats-detail-page"
    >
      <p className="stats-back">
        <Link to="/admin/stats">
          <span aria-hidden="true">← </span>
          {t('stats.detail.back')}
        </Link>
      </p>
      <LoadedView
        state={state}
        failed={(failure) => (
          <>
            <h1 id="stats-detail-title">{t('stats.detail.titleFallback')}</h1>
            <BlockFailure failure={failure} onRetry={reload} testId="stats-detail-error" />
          </>
        )}
      >
        {(stats) => <Detail stats={stats} />}
      </LoadedView>
    </section>
  );
}

function Detail({ stats }: { stats: EventStats }) {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.language;
  const nowMs = useNow(LIVE_TICK_MS, !stats.closed);
  const lengthText = useLengthText();
  const formats = useMemo<InstantFormats>(
    () => ({
      // 24-hour times in every language, as the dates beside them (DD/MM/YYYY HH:MM).
      time: timeFormat(locale, stats.time_zone),
      dayTime: dayTimeFormat(locale, stats.time_zone),
      timeZone: stats.time_zone,
    }),
    [locale, stats.time_zone],
  );
  const csv = useEventCsvDownload(stats.event_id);
  const signedLog = useRoomLogDownload();
  const { summary } = stats;
  const numbers = roomNumbers(stats.sessions);
  const rooms = [...numbers.entries()].map(([roomId, number]) => ({
    roomId,
    number,
    sessions: stats.sessions.filter((session) => session.room_id === roomId),
    announcements: stats.announcements.filter((row) => row.room_id === roomId),
    lobby: stats.lobby.filter((row) => row.room_id === roomId),
  }));
  const facts = [
    { key: 'id', label: t('stats.detail.sessionId'), value: String(stats.event_id) },
    { key: 'date', label: t('stats.detail.date'), value: formatDay(summary.date, locale, stats.time_zone) },
    { key: 'admin', label: t('stats.detail.admin'), value: summary.admin },
    { key: 'guests', label: t('stats.detail.guests'), value: String(summary.invitation_total_count) },
    {
      key: 'participants',
      label: t('stats.detail.participants'),
      value: String(summary.participant_total_count),
    },
    {
      key: 'length',
      label: t('stats.detail.length'),
      value: lengthText({
        days: summary.event_duration_days,
        hours: summary.event_duration_hour,
        minutes: summary.event_duration_minute,
      }),
    },
    { key: 'consumed', label: t('stats.detail.consumed'), value: String(summary.consumed_minutes) },
  ];

  return (
    <div className="stats-detail" data-testid="stats-detail">
      <header className="admin-page-header">
        <h1 id="stats-detail-title">{stats.name}</h1>
        <div className="stats-downloads">
          {(['attendance', 'polls', 'questions'] as const).map((kind) => (
            <button
              key={kind}
              type="button"
              className="button button-secondary button-small"
              aria-busy={csv.downloading === kind}
              disabled={csv.downloading === kind}
              data-testid={`stats-csv-${kind}`}
              onClick={() => void csv.download(kind)}
            >
              {csv.downloading === kind && <Spinner />}
              {t(CSV_LABELS[kind])}
            </button>
          ))}
        </div>
      </header>
      {!stats.closed && (
        <p className="stats-notice" role="note">
          {t('stats.detail.running')}
        </p>
      )}
      <StatsSection title={t('stats.detail.summary')}>
        <dl className="stats-figures stats-figures-small" data-testid="stats-summary">
          {facts.map((fact) => (
            <div key={fact.key} className="stats-figure">
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      </StatsSection>
      {rooms.length === 0 ? (
        <p className="muted">{t('stats.detail.noSessions')}</p>
      ) : (
        <InspectorNote testId="stats-inspector-note" />
      )}
      {rooms.map((room) => (
        <Room key={room.roomId} {...room} formats={formats} nowMs={nowMs} signedLog={signedLog} />
      ))}
      <StatsSection title={t('stats.detail.polls')} testId="stats-detail-polls">
        {stats.polls.length === 0 ? (
          <p className="muted">{t('stats.detail.noPolls')}</p>
        ) : (
          <PollResults polls={stats.polls} testId="stats-detail-poll-results" />
        )}
      </StatsSection>
      <StatsSection title={t('questions.title')} testId="stats-detail-questions">
        <QuestionTable
          questions={stats.questions}
          dayTime={formats.dayTime}
          timeZone={stats.time_zone}
          roomOf={(roomId) => t('stats.detail.room', { number: numbers.get(roomId) ?? roomId })}
          testId="stats-questions"
        />
      </StatsSection>
      <CertificateStandings eventId={stats.event_id} />
      <RegistrationFunnel eventId={stats.event_id} hideWhenEmpty />
    </div>
  );
}

function Room(props: {
  roomId: number;
  number: number;
  sessions: RoomSessionStats[];
  announcements: AnnouncementStatsRow[];
  lobby: LobbyStatsRow[];
  formats: InstantFormats;
  nowMs: number;
  signedLog: RoomLogDownload;
}) {
  const { t } = useTranslation('admin');
  return (
    <StatsSection
      title={t('stats.detail.room', { number: props.number })}
      testId={`stats-room-${props.roomId}`}
      className="stats-room"
      actions={
        <div className="stats-room-actions">
          <Link
            to={`/admin/sessions/${props.roomId}/replay`}
            className="button button-secondary button-small"
            aria-label={t('stats.detail.replayOf', { number: props.number })}
            data-testid={`stats-replay-${props.roomId}`}
          >
            <span aria-hidden="true">▶ </span>
            {t('stats.detail.replay')}
          </Link>
          <RoomLogButton
            roomId={props.roomId}
            signedLog={props.signedLog}
            accessibleName={t('inspection.roomLogOf', { number: props.number })}
            testId={`stats-signed-log-${props.roomId}`}
          />
        </div>
      }
    >
      {props.sessions.map((session) => (
        <RoomSession
          key={session.number}
          session={session}
          formats={props.formats}
          nowMs={props.nowMs}
          announcements={announcementsOfSession(props.announcements, props.roomId, session.number)}
          lobby={props.lobby.find((row) => row.session_number === session.number)}
        />
      ))}
    </StatsSection>
  );
}
