// A session's questions as staff read them after it (issue 33, part 3): in the statistics' detail (every
// room's, with the room, as a table) and in the replay (the room's at the instant, as a list). In the order the room showed
// them (pinned, votes, time), each with who asked, named even when anonymous to the guests (staff always
// see it; the table says so), its votes and state. A table that becomes cards on a phone.
import type { QuestionSummary } from '@lablive/domain';
import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ErasableText } from '../../format/ErasableText.tsx';
import { StackedCell } from './RoomSession.tsx';

type QuestionTableProps = {
  questions: readonly (QuestionSummary & { room_id?: number })[];
  /** When each was asked, on the clock of `timeZone` (named under the table's caption). */
  dayTime: Intl.DateTimeFormat;
  timeZone: string;
  /** The room's name for a question, when the table lists several rooms' questions. */
  roomOf?: (roomId: number) => string;
  testId: string;
};

export function QuestionTable({ questions, dayTime, timeZone, roomOf, testId }: QuestionTableProps) {
  const { t } = useTranslation('admin');
  const captionId = useId();
  if (questions.length === 0) return <p className="muted">{t('questions.none')}</p>;
  return (
    <section
      className="table-scroll"
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways on a narrow screen must be reachable from the keyboard to scroll it (WCAG 2.1.1).
      tabIndex={0}
    >
      {/* The attendance table's look (stats.css): a cell's column name shown beside it on a phone only. */}
      <table className="admin-table stack-on-phone attendance-table" data-testid={testId}>
        <caption id={captionId} className="stats-table-caption">
          {t('questions.tableLabel')}{' '}
          <span className="muted">{t('questions.timesIn', { zone: timeZone })}</span>
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('questions.question')}</th>
            {roomOf !== undefined && <th scope="col">{t('questions.room')}</th>}
            <th scope="col">{t('questions.askedBy')}</th>
            <th scope="col">{t('questions.askedAt')}</th>
            <th scope="col" className="cell-number">
              {t('questions.votes')}
            </th>
            <th scope="col">{t('questions.state')}</th>
          </tr>
        </thead>
        <tbody>
          {questions.map((question) => (
            <tr key={question.id} data-testid="question-row" data-status={question.status}>
              <th scope="row">
                <ErasableText text={question.text} />
              </th>
              {roomOf !== undefined && (
                <StackedCell label={t('questions.room')}>{roomOf(question.room_id ?? 0)}</StackedCell>
              )}
              <StackedCell label={t('questions.askedBy')}>
                {question.asker === null ? (
                  t('questions.unknownAsker')
                ) : (
                  <ErasableText text={question.asker} />
                )}
                {question.anonymous && ` (${t('questions.anonymous')})`}
              </StackedCell>
              <StackedCell label={t('questions.askedAt')}>
                <time dateTime={question.asked_at}>{dayTime.format(Date.parse(question.asked_at))}</time>
              </StackedCell>
              <StackedCell label={t('questions.votes')} className="cell-number">
                {question.votes}
              </StackedCell>
              <StackedCell label={t('questions.state')}>{stateOf(t, question)}</StackedCell>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The replay's panel of the room's questions at the instant. */
export function ReplayQuestions({ questions }: { questions: readonly QuestionSummary[] }) {
  const { t } = useTranslation('admin');
  return (
    <section className="replay-panel" aria-labelledby="replay-questions-title">
      <h2 id="replay-questions-title">{t('questions.title')}</h2>
      <QuestionList questions={questions} testId="replay-questions" />
    </section>
  );
}

/** The same questions as a list, for a narrow panel (the replay's): words first, then who, votes, state. */
function QuestionList({ questions, testId }: { questions: readonly QuestionSummary[]; testId: string }) {
  const { t } = useTranslation('admin');
  if (questions.length === 0) return <p className="replay-hint">{t('questions.none')}</p>;
  return (
    <ol className="question-replay-list" data-testid={testId}>
      {questions.map((question) => (
        <li key={question.id} data-testid="question-row" data-status={question.status}>
          <p className="question-replay-text">
            <ErasableText text={question.text} />
          </p>
          <p className="replay-hint">
            <QuestionAsker question={question} /> · {t('questions.voteCount', { count: question.votes })} ·{' '}
            {stateOf(t, question)}
          </p>
        </li>
      ))}
    </ol>
  );
}

function QuestionAsker({ question }: { question: QuestionSummary }) {
  const { t } = useTranslation('admin');
  return (
    <>
      {question.asker === null ? t('questions.unknownAsker') : <ErasableText text={question.asker} />}
      {question.anonymous && ` (${t('questions.anonymous')})`}
    </>
  );
}

function stateOf(t: TFunction<'admin'>, question: QuestionSummary): string {
  return [
    t(`questions.status.${question.status}`),
    ...(question.answered ? [t('questions.answered')] : []),
    ...(question.pinned ? [t('questions.pinned')] : []),
  ].join(', ');
}
