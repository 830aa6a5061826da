// Keeps one person's quiz answers in this tab (sessionStorage), so a reload of the room does not wipe
// the answers given so far. What is read back is checked: another version of the quiz may have left
// answers of another shape, which are dropped.
import { z } from 'zod';
import { initialQuizProgress, type QuizProgress } from './quizProgress.ts';
import { QUIZ_LENGTH } from './quizQuestions.ts';

const option = z.enum(['a', 'b', 'c', 'd']);
const storedSchema = z.object({
  answers: z.array(option.nullable()).length(QUIZ_LENGTH),
  screen: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('intro') }),
    z.object({
      kind: z.literal('question'),
      index: z
        .number()
        .int()
        .min(0)
        .max(QUIZ_LENGTH - 1),
    }),
    z.object({ kind: z.literal('results') }),
  ]),
});

export const quizStorageKey = (roomId: number, participantId: number) =>
  `lablive.quiz.${roomId}.${participantId}`;

export function readQuizProgress(raw: string | null): QuizProgress {
  if (raw === null) return initialQuizProgress();
  try {
    const parsed = storedSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : initialQuizProgress();
  } catch {
    return initialQuizProgress();
  }
}

export const writeQuizProgress = (progress: QuizProgress): string => JSON.stringify(progress);
