// One question: its words, who asked (or "Anonymous" for guests; the animators see the name and that
// the guests do not), its state (awaiting approval, pinned, answered, hidden), the upvote toggle with
// its count, and the animators' moderation as the question's state allows it.
import type { Question, QuestionAction, QuestionReader } from '@lablive/domain';
import { useTranslation } from 'react-i18next';

type QuestionItemProps = {
  question: Question;
  me: QuestionReader;
  onVote: (upvote: boolean) => void;
  /** Animators only. */
  onModerate: ((action: QuestionAction) => void) | null;
};

/** What an animator may do to the question in its state (questionDecisions.ts's rules). */
export function moderationsOf(question: Question): QuestionAction[] {
  if (question.status === 'hidden') return [];
  if (question.status === 'pending') return ['approve', 'hide'];
  return [question.pinned ? 'unpin' : 'pin', ...(question.answered ? [] : ['answer' as const]), 'hide'];
}

export function QuestionItem({ question, me, onVote, onModerate }: QuestionItemProps) {
  const { t } = useTranslation('room');
  const mine = question.asker?.participantId === me.participantId;
  const voted = question.voters.includes(me.participantId);
  const votes = question.voters.length;
  const canVote = question.status === 'approved' && !mine;
  const asker = mine
    ? t('questions.you')
    : question.asker === null
      ? t('questions.anonymousAsker')
      : question.asker.name;
  return (
    <li
      className="question"
      data-testid="question"
      data-status={question.status}
      data-pinned={question.pinned}
      data-answered={question.answered}
    >
      <div className="question-head">
        <span className="question-asker">{asker}</span>
        {me.isAnimator && question.anonymous && (
          <span className="question-badge">{t('questions.anonymousToGuests')}</span>
        )}
        {question.pinned && (
          <span className="question-badge question-badge-pinned">{t('questions.pinned')}</span>
        )}
        {question.answered && (
          <span className="question-badge question-badge-answered">{t('questions.answered')}</span>
        )}
        {question.status === 'pending' && (
          <span className="question-badge question-badge-pending">{t('questions.pending')}</span>
        )}
        {question.status === 'hidden' && <span className="question-badge">{t('questions.hidden')}</span>}
      </div>
      <p className="question-text">{question.text}</p>
      <div className="question-actions">
        <button
          type="button"
          className="button button-secondary button-small question-vote"
          data-testid="question-upvote"
          aria-pressed={voted}
          disabled={!canVote}
          onClick={() => onVote(!voted)}
        >
          {/* The name says the action and holds the visible count (WCAG 2.5.3); pressed says it is mine. */}
          <span className="visually-hidden">{t('questions.upvote')} </span>
          <span aria-hidden="true">▲ </span>
          {votes}
        </button>
        {onModerate !== null &&
          moderationsOf(question).map((action) => (
            <button
              key={action}
              type="button"
              className="button button-secondary button-small"
              data-testid={`question-${action}`}
              onClick={() => onModerate(action)}
            >
              {t(`questions.actions.${action}`)}
            </button>
          ))}
      </div>
    </li>
  );
}
