// Who was in the room's current (or last) session, how long and how much they talked: the statistics
// projection's figures (the same fold as the back office's session detail), fetched when the tab opens
// and every half minute, a stay still open counted up to now on this side.
import { type LiveRoomStats, presentSecondsAt } from '@lablive/domain';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Spinner.tsx';
import { toFailure } from '../../../failure.ts';
import { describeFailure } from '../../../i18n/messages.ts';
import { useRoom } from '../../roomContext.ts';
import { formatDuration } from './sessionStats.ts';
import { useNow } from './useNow.ts';

const REFRESH_MS = 30_000;

type Record =
  | { status: 'loading' }
  | { status: 'loaded'; stats: LiveRoomStats }
  | { status: 'failed'; reason: string };

export function SessionAttendance() {
  const { t } = useTranslation('room');
  const { t: tCommon } = useTranslation();
  const { api, roomId } = useRoom();
  const [record, setRecord] = useState<Record>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const session = record.status === 'loaded' ? record.stats.session : null;
  const now = useNow(1000, session !== null && session.ended_at === null);

  const load = useCallback(
    (signal: AbortSignal) =>
      api.rooms.roomStats(roomId, { signal }).then(
        (stats) => setRecord({ status: 'loaded', stats }),
        (failure: unknown) => {
          if (!signal.aborted)
            setRecord({ status: 'failed', reason: describeFailure(tCommon, toFailure(failure)) });
        },
      ),
    [api, roomId, tCommon],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for a fresh load (Retry)
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    const timer = setInterval(() => void load(controller.signal), REFRESH_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [load, attempt]);

  return (
    <section
      aria-labelledby="stats-attendance-title"
      aria-busy={record.status === 'loading'}
      data-testid="stats-attendance"
    >
      <h3 id="stats-attendance-title" className="sidebar-subheading">
        {t('stats.attendance')}
      </h3>
      {record.status === 'loading' && (
        <p className="sidebar-muted">
          <Spinner /> {t('stats.attendanceLoading')}
        </p>
      )}
      {record.status === 'failed' && (
        <p role="alert" className="sidebar-muted">
          {t('stats.attendanceFailed', { reason: record.reason })}{' '}
          <button type="button" className="button" onClick={() => setAttempt((count) => count + 1)}>
            {t('stats.retry')}
          </button>
        </p>
      )}
      {record.status === 'loaded' && session === null && (
        <p className="sidebar-muted">{t('stats.attendanceEmpty')}</p>
      )}
      {session !== null && (
        <table className="stats-attendance">
          <caption className="sidebar-muted">{t('stats.attendanceNote')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('stats.person')}</th>
              <th scope="col">{t('stats.timePresent')}</th>
              <th scope="col">{t('stats.talkTime')}</th>
              <th scope="col">{t('stats.messagesAxis')}</th>
              <th scope="col">{t('stats.votes')}</th>
            </tr>
          </thead>
          <tbody>
            {session.participants.map((person) => (
              <tr key={person.participant_id} data-participant={person.participant_id}>
                <th scope="row">{person.name}</th>
                <td>{formatDuration(presentSecondsAt(person, now) * 1000)}</td>
                <td>{formatDuration(person.talk_seconds * 1000)}</td>
                <td>{person.messages}</td>
                <td>{person.votes}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
