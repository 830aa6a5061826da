// The animators' stats tab (live-room spec, section 2): the session as it is now, all from the live
// room state: people present and their roles, how long the session has run, chat messages (and their
// pace per minute in a chart), documents shared, raised hands, and each poll's respondents and results.
import { pollResults } from '@lablive/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../format/useFormat.ts';
import { useRoomState } from '../../roomContext.ts';
import { SessionAttendance } from './SessionAttendance.tsx';
import { StatsChart } from './StatsChart.tsx';
import { chatPerMinute, countRoles, formatDuration, sessionDurationMs } from './sessionStats.ts';
import { useNow } from './useNow.ts';
import './stats.css';

export function StatsPanel() {
  const { t } = useTranslation('room');
  const format = useFormat();
  const viewers = useRoomState((state) => state.viewers);
  const session = useRoomState((state) => state.session);
  const chat = useRoomState((state) => state.chat);
  const polls = useRoomState((state) => state.polls);
  const documents = useRoomState((state) => state.sharedDocuments.length);
  const now = useNow(1000, session.status === 'started' || chat.total > 0);
  const duration = sessionDurationMs(session, now);
  const startedAt = session.status === 'not_started' ? null : session.startedAt;
  const minute = Math.floor(now / 60_000);
  // Bars move on with each minute, not each second.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `minute` stands for `now` on purpose
  const perMinute = useMemo(() => chatPerMinute(chat, startedAt, now), [chat, startedAt, minute]);
  const raised = viewers.filter((viewer) => viewer.requestingSpeak);

  return (
    <section className="sidebar-section stats-panel" aria-labelledby="stats-title">
      <h2 id="stats-title" className="sidebar-heading">
        {t('stats.title')}
      </h2>
      <dl className="stats-grid">
        <CountFigure testId="stats-present" label={t('stats.present')} count={viewers.length} />
        <div className="stats-figure" data-testid="stats-duration" data-status={session.status}>
          <dt>{t('stats.duration')}</dt>
          <dd>
            {duration === null ? t('stats.notStarted') : formatDuration(duration)}
            {session.status === 'ended' && <span className="stats-note"> {t('stats.ended')}</span>}
          </dd>
        </div>
        <CountFigure testId="stats-messages" label={t('stats.messages')} count={chat.total} />
        <CountFigure testId="stats-documents" label={t('stats.documents')} count={documents} />
        <CountFigure testId="stats-speak-requests" label={t('stats.speakRequests')} count={raised.length} />
        <CountFigure testId="stats-poll-count" label={t('stats.polls')} count={polls.length} />
      </dl>
      {viewers.length > 0 && (
        <p className="sidebar-muted" data-testid="stats-roles">
          {t('stats.rolesList', {
            list: countRoles(viewers)
              .map((entry) => `${t(`users.roles.${entry.role}`)} ${format.count(entry.count)}`)
              .join(' · '),
          })}
        </p>
      )}
      {raised.length > 0 && (
        <p className="sidebar-muted">
          {t('stats.askingToSpeak', { names: raised.map((viewer) => viewer.name).join(', ') })}
        </p>
      )}
      {perMinute.minutes.length === 0 ? (
        <p className="sidebar-muted">{t('stats.chartEmpty')}</p>
      ) : (
        <StatsChart data={perMinute} />
      )}
      <SessionAttendance />
      <h3 className="sidebar-subheading">{t('stats.polls')}</h3>
      <div data-testid="stats-polls" data-count={polls.length}>
        {polls.length === 0 ? (
          <p className="sidebar-muted">{t('stats.noPolls')}</p>
        ) : (
          <ul className="stats-polls">
            {polls.map((poll) => {
              const results = pollResults(poll);
              return (
                <li key={poll.id} className="stats-poll sidebar-card" data-respondents={results.respondents}>
                  <span className="stats-poll-title">
                    {poll.title}{' '}
                    <span className="poll-status" data-status={poll.status}>
                      {t(`polls.status.${poll.status}`)}
                    </span>
                  </span>
                  <span className="sidebar-muted">
                    {t('polls.respondents', { count: results.respondents })}
                  </span>
                  <ul className="stats-poll-options">
                    {results.options.map((result, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: an option is the one at its place in the poll
                      <li key={index}>
                        {t('polls.optionResult', {
                          option: result.option,
                          count: result.count,
                          percentage: format.percent(result.percentage, 1),
                        })}
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}

/** A figure of the grid that is a count (the test reads it from data-count). */
function CountFigure({ testId, label, count }: { testId: string; label: string; count: number }) {
  return (
    <div className="stats-figure" data-testid={testId} data-count={count}>
      <dt>{label}</dt>
      <dd>{count}</dd>
    </div>
  );
}
