// The built-in sample quiz (the `demo` media): pharmacovigilance basics, several questions, a score.
// An animator's presentation scene and step lead everyone through it; without one, each person goes
// at their own pace. Observers watch and cannot answer (the spectator flag of the games).
import type { RoomState } from '@lablive/domain';
import { useEffect, useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { QuizQuestionView } from './QuizQuestionView.tsx';
import {
  initialQuizProgress,
  isLed,
  type QuizProgress,
  quizReducer,
  quizScore,
  quizScreen,
} from './quizProgress.ts';
import { QUIZ_LENGTH, QUIZ_QUESTIONS } from './quizQuestions.ts';
import { readQuizProgress, writeQuizProgress } from './quizStorage.ts';
import './quiz.css';

export type SampleQuizProps = {
  /** Where this person's answers are kept in the tab (sessionStorage). */
  storageKey: string;
  spectator: boolean;
  isAnimator: boolean;
  presentation: RoomState['presentation'];
};

function storedProgress(key: string): QuizProgress {
  try {
    return readQuizProgress(window.sessionStorage.getItem(key));
  } catch {
    return initialQuizProgress();
  }
}

export function SampleQuiz({ storageKey, spectator, isAnimator, presentation }: SampleQuizProps) {
  const { t } = useTranslation('room');
  const [progress, dispatch] = useReducer(quizReducer, storageKey, storedProgress);

  useEffect(() => {
    try {
      window.sessionStorage.setItem(storageKey, writeQuizProgress(progress));
    } catch {
      // Storage refused: the quiz still works, it only forgets on reload.
    }
  }, [storageKey, progress]);
  const led = isLed(presentation);
  const screen = quizScreen(presentation, progress);
  const score = quizScore(progress.answers);

  return (
    <section
      className="quiz"
      data-testid="quiz"
      data-screen={screen.kind}
      data-spectator={spectator}
      aria-labelledby="quiz-title"
    >
      <header className="quiz-header">
        <h2 id="quiz-title">{t('stage.quiz.title')}</h2>
        <div className="quiz-badges">
          {led && <span className="badge">{t('stage.quiz.led')}</span>}
          {spectator && (
            <span className="badge" data-testid="quiz-spectator">
              {t('stage.quiz.spectator')}
            </span>
          )}
        </div>
      </header>

      {screen.kind === 'intro' && (
        <div className="quiz-intro">
          <p>{t('stage.quiz.intro', { count: QUIZ_LENGTH })}</p>
          {led ? (
            <p className="muted">{t('stage.quiz.waitForAnimator')}</p>
          ) : (
            <button
              type="button"
              className="button button-primary"
              data-testid="quiz-start"
              onClick={() => dispatch({ type: 'start' })}
            >
              {t('stage.quiz.start')}
            </button>
          )}
        </div>
      )}

      {screen.kind === 'question' && (
        <>
          <QuizQuestionView
            index={screen.index}
            answer={progress.answers[screen.index] ?? null}
            spectator={spectator}
            isAnimator={isAnimator}
            onAnswer={(option) => dispatch({ type: 'answer', index: screen.index, option })}
          />
          {!led && (
            <div className="quiz-nav">
              <button
                type="button"
                className="button"
                disabled={screen.index === 0}
                onClick={() => dispatch({ type: 'previous' })}
              >
                {t('stage.quiz.previous')}
              </button>
              <button
                type="button"
                className="button button-primary"
                data-testid="quiz-next"
                onClick={() => dispatch({ type: 'next' })}
              >
                {screen.index + 1 === QUIZ_LENGTH ? t('stage.quiz.seeResults') : t('stage.quiz.next')}
              </button>
            </div>
          )}
        </>
      )}

      {screen.kind === 'results' && (
        <div className="quiz-results">
          {spectator ? (
            <p>{t('stage.quiz.spectatorResults')}</p>
          ) : (
            <p className="quiz-score" data-testid="quiz-score" data-score={score}>
              {t('stage.quiz.score', { count: score, total: QUIZ_LENGTH })}
            </p>
          )}
          <ol className="quiz-review">
            {QUIZ_QUESTIONS.map((question, index) => {
              const answer = progress.answers[index] ?? null;
              const verdict =
                answer === null ? 'unanswered' : answer === question.correct ? 'right' : 'wrong';
              return (
                <li key={question.id} data-verdict={verdict}>
                  {t(`stage.quiz.questions.${question.id}.question`)}{' '}
                  <strong>{t(`stage.quiz.verdict.${verdict}`)}</strong>
                </li>
              );
            })}
          </ol>
          {!led && (
            <button type="button" className="button" onClick={() => dispatch({ type: 'restart' })}>
              {t('stage.quiz.restart')}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
