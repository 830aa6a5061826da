// The sample quiz's logic, apart from its screen: what one person answered, the score, and which
// screen to show. When an animator leads (a presentation scene is chosen), the scene and step decide
// the screen for everyone; otherwise each person goes through the quiz at their own pace.
import type { RoomState } from '@lablive/domain';
import { QUIZ_LENGTH, QUIZ_QUESTIONS, type QuizOption } from './quizQuestions.ts';

export type QuizProgress = {
  /** The option chosen for each question, or null while unanswered. */
  answers: readonly (QuizOption | null)[];
  /** Self-paced only: where this person is. */
  screen: QuizScreen;
};

export type QuizScreen = { kind: 'intro' } | { kind: 'question'; index: number } | { kind: 'results' };

export type QuizAction =
  | { type: 'start' }
  | { type: 'answer'; index: number; option: QuizOption }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'restart' };

export const initialQuizProgress = (): QuizProgress => ({
  answers: QUIZ_QUESTIONS.map(() => null),
  screen: { kind: 'intro' },
});

const clampIndex = (index: number) => Math.min(Math.max(0, index), QUIZ_LENGTH - 1);

export function quizReducer(progress: QuizProgress, action: QuizAction): QuizProgress {
  switch (action.type) {
    case 'start':
      return { ...progress, screen: { kind: 'question', index: 0 } };
    case 'answer': {
      const question = QUIZ_QUESTIONS[action.index];
      // One answer per question: the first choice counts, as in a class quiz.
      if (question === undefined || progress.answers[action.index] !== null) return progress;
      return {
        ...progress,
        answers: progress.answers.map((answer, i) => (i === action.index ? action.option : answer)),
      };
    }
    case 'next': {
      const { screen } = progress;
      if (screen.kind !== 'question') return progress;
      const next: QuizScreen =
        screen.index + 1 >= QUIZ_LENGTH ? { kind: 'results' } : { kind: 'question', index: screen.index + 1 };
      return { ...progress, screen: next };
    }
    case 'previous': {
      const { screen } = progress;
      if (screen.kind === 'results')
        return { ...progress, screen: { kind: 'question', index: QUIZ_LENGTH - 1 } };
      if (screen.kind !== 'question' || screen.index === 0) return progress;
      return { ...progress, screen: { kind: 'question', index: screen.index - 1 } };
    }
    case 'restart':
      return initialQuizProgress();
    default: {
      const unhandled: never = action;
      throw new Error(`Unhandled quiz action ${JSON.stringify(unhandled)}`);
    }
  }
}

export function quizScore(answers: QuizProgress['answers']): number {
  return QUIZ_QUESTIONS.filter((question, index) => answers[index] === question.correct).length;
}

/** The scenes of the quiz's presentation menu; `quiz` has one step per question. */
export const QUIZ_SCENES = ['intro', 'quiz', 'results'] as const;

/** The screen shown: the animator's scene and step when one is chosen, else this person's own place. */
export function quizScreen(presentation: RoomState['presentation'], progress: QuizProgress): QuizScreen {
  switch (presentation.scene) {
    case null:
      return progress.screen;
    case 'intro':
      return { kind: 'intro' };
    case 'results':
      return { kind: 'results' };
    case 'quiz':
      return { kind: 'question', index: clampIndex(presentation.step) };
    default:
      // A scene of another media (the menu is shared): the person keeps their own place.
      return progress.screen;
  }
}

export const isLed = (presentation: RoomState['presentation']): boolean =>
  presentation.scene !== null && QUIZ_SCENES.some((scene) => scene === presentation.scene);
