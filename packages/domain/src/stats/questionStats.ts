// The room's questions after (or during) a session, as staff read them in statistics, its CSV and the
// replay (issue 33, part 3): every question, hidden and waiting ones too, in the order the room's panel
// shows them, with who asked even when the guests did not see it (staff always do), its votes and state.
import { z } from 'zod';
import { type Question, sortQuestions } from '../rooms/questions.ts';

export const QUESTION_STATUSES = ['pending', 'approved', 'hidden'] as const;

export const questionSummarySchema = z.object({
  id: z.string(),
  asked_at: z.string(),
  text: z.string(),
  /** The asker's name; null only when the log did not carry it. */
  asker: z.string().nullable(),
  anonymous: z.boolean(),
  votes: z.number().int(),
  status: z.enum(QUESTION_STATUSES),
  answered: z.boolean(),
  pinned: z.boolean(),
});
export type QuestionSummary = z.infer<typeof questionSummarySchema>;

/** A room's questions in statistics: the room they were asked in, each as the replay shows it. */
export const questionStatsRowSchema = questionSummarySchema.extend({ room_id: z.number().int() });
export type QuestionStatsRow = z.infer<typeof questionStatsRowSchema>;

export function questionSummaries(questions: readonly Question[]): QuestionSummary[] {
  return sortQuestions(questions).map((question) => ({
    id: question.id,
    asked_at: question.askedAt,
    text: question.text,
    asker: question.asker?.name ?? null,
    anonymous: question.anonymous,
    votes: question.voters.length,
    status: question.status,
    answered: question.answered,
    pinned: question.pinned,
  }));
}

export function questionStatsRows(roomId: number, questions: readonly Question[]): QuestionStatsRow[] {
  return questionSummaries(questions).map((summary) => ({ room_id: roomId, ...summary }));
}
