// Poll results as cards, three to a line (back-office spec 9): each poll's question, where it was asked,
// how many voted, and each answer's share of the voters as a bar with its percentage and votes.
import type { PollStatsRow } from '@lablive/domain';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../format/useFormat.ts';

export function PollResults(props: { polls: readonly PollStatsRow[]; showEvent?: boolean; testId: string }) {
  return (
    <ul className="poll-stats-grid" data-testid={props.testId}>
      {props.polls.map((poll) => (
        <li
          key={`${poll.room_id}-${poll.id}`}
          className="poll-stats-card"
          data-testid={`${props.testId}-poll`}
        >
          <PollCard poll={poll} showEvent={props.showEvent ?? false} />
        </li>
      ))}
    </ul>
  );
}

function PollCard({ poll, showEvent }: { poll: PollStatsRow; showEvent: boolean }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  return (
    <article className="poll-stats" aria-label={poll.name}>
      <h3 className="poll-stats-name">{poll.name}</h3>
      {poll.question !== poll.name && <p className="poll-stats-question">{poll.question}</p>}
      <p className="muted poll-stats-meta">
        {showEvent && (
          <>
            {t('stats.polls.session', { name: poll.event_name })}
            <br />
          </>
        )}
        {t(poll.type === 'multiple' ? 'stats.polls.multiple' : 'stats.polls.single')} ·{' '}
        {t('stats.polls.voters', { count: poll.voters })}
      </p>
      <ul className="poll-stats-answers">
        {poll.answers.map((answer, index) => {
          const value = format.percent(answer.value, 1);
          return (
            // Two answers may read the same: their place tells them apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: the answers' order is the poll's, fixed.
            <li key={index} className="poll-stats-answer">
              <span className="visually-hidden">
                {t('stats.polls.answerLabel', { answer: answer.name, percent: value, count: answer.count })}
              </span>
              <span className="poll-stats-answer-line" aria-hidden="true">
                <span className="poll-stats-answer-name">{answer.name}</span>
                <span className="poll-stats-answer-value">
                  {t('stats.polls.answerValue', { percent: value, count: answer.count })}
                </span>
              </span>
              <span className="stats-bar" aria-hidden="true">
                <span
                  className="stats-bar-fill"
                  style={{ width: `${Math.min(100, Math.max(0, answer.value))}%` }}
                />
              </span>
            </li>
          );
        })}
      </ul>
    </article>
  );
}
