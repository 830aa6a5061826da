// One question of the sample quiz: its options (one answer, kept), then whether it was right and why.
// Spectators (observers) see the question without answering; animators also see the right answer,
// to comment on it while they lead.
import { useTranslation } from 'react-i18next';
import { QUIZ_LENGTH, QUIZ_QUESTIONS, type QuizOption } from './quizQuestions.ts';

type QuizQuestionViewProps = {
  index: number;
  answer: QuizOption | null;
  spectator: boolean;
  isAnimator: boolean;
  onAnswer: (option: QuizOption) => void;
};

export function QuizQuestionView({ index, answer, spectator, isAnimator, onAnswer }: QuizQuestionViewProps) {
  const { t } = useTranslation('room');
  const question = QUIZ_QUESTIONS[index];
  if (question === undefined) return null;
  const key = `stage.quiz.questions.${question.id}` as const;
  const answered = answer !== null;
  const headingId = `quiz-question-${question.id}`;

  return (
    <div className="quiz-question" data-testid="quiz-question" data-index={index}>
      <p className="quiz-position">{t('stage.quiz.position', { n: index + 1, total: QUIZ_LENGTH })}</p>
      <h3 id={headingId}>{t(`${key}.question`)}</h3>
      <ul className="quiz-options" aria-labelledby={headingId}>
        {question.options.map((option) => {
          const chosen = answer === option;
          const state = !answered
            ? 'open'
            : option === question.correct
              ? 'right'
              : chosen
                ? 'wrong'
                : 'other';
          return (
            <li key={option}>
              <button
                type="button"
                className="quiz-option"
                data-state={state}
                data-testid={`quiz-option-${option}`}
                aria-pressed={chosen}
                disabled={spectator || answered}
                onClick={() => onAnswer(option)}
              >
                <span className="quiz-option-letter" aria-hidden="true">
                  {option.toUpperCase()}
                </span>
                {t(`${key}.options.${option}`)}
              </button>
            </li>
          );
        })}
      </ul>
      {answered && (
        <p
          className={answer === question.correct ? 'quiz-feedback quiz-right' : 'quiz-feedback quiz-wrong'}
          role="status"
          data-testid="quiz-feedback"
        >
          <strong>{answer === question.correct ? t('stage.quiz.right') : t('stage.quiz.wrong')}</strong>{' '}
          {t(`${key}.explanation`)}
        </p>
      )}
      {isAnimator && !answered && (
        <p className="quiz-host-note">
          {t('stage.quiz.hostNote', { option: question.correct.toUpperCase() })} {t(`${key}.explanation`)}
        </p>
      )}
    </div>
  );
}
