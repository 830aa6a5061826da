// The REST shapes of lab polls (live-room spec, sections 3, 5 and 7; back-office spec 2.6 and 7): a
// stored poll as the API shows it, and the create, update, vote and list requests. The form's fields and
// rules are the poll form's schema (rooms/polls.ts), so the back office, the room's poll panel and the
// server refuse the same polls with the same reasons.
import { z } from 'zod';
import { pollFormFields, refinePollForm } from '../rooms/polls.ts';
import { ROOM_COMMAND_LIMITS } from '../rooms/roomCommands.ts';
import { idSchema } from '../shared/ids.ts';
import { text } from '../shared/text.ts';

const id = z.number().int().positive();

export const pollSchema = z.object({
  id: z.number(),
  title: z.string(),
  question: z.string(),
  options: z.array(z.string()),
  /** Votes per option, index for index with `options`; zeros for whoever may not see the results. */
  answers: z.array(z.number()),
  allowMultiple: z.boolean(),
  active: z.boolean(),
  event_id: z.number().nullable(),
  room_id: z.number().nullable(),
  created_at: z.string(),
});
export type PollView = z.infer<typeof pollSchema>;

/** The form's fields as the REST bodies carry them (the old client sends a null title). */
const formFields = {
  ...pollFormFields,
  title: pollFormFields.title.nullable(),
  /** Sent back by the old client with the full poll; counts come from the votes, never from here. */
  answers: z.array(z.number()).optional(),
};

export const createPollRequestSchema = z
  .object({
    ...formFields,
    active: z.boolean().optional(),
    event_id: id.nullish(),
    room_id: id.nullish(),
  })
  .superRefine(refinePollForm);
export type CreatePollRequest = z.infer<typeof createPollRequestSchema>;

/**
 * Either a start or close, `{ event_id, active, opentok_session_id }`, or the full poll (an edit, which
 * may also carry `active`). The room a start or close applies to is the poll's own; a lab poll without
 * one is started in the room named by `room_id` or by its `opentok_session_id`.
 */
export const updatePollRequestSchema = z
  .object({
    title: formFields.title,
    question: formFields.question.optional(),
    options: formFields.options.optional(),
    allowMultiple: formFields.allowMultiple,
    answers: formFields.answers,
    active: z.boolean().optional(),
    event_id: id.nullish(),
    room_id: id.nullish(),
    opentok_session_id: text().max(500).nullish(),
  })
  .superRefine((value, ctx) => {
    const { question, options } = value;
    if (question === undefined && options === undefined) {
      if (value.active === undefined) {
        ctx.addIssue({ code: 'custom', path: ['active'], message: 'Send active, or the full poll.' });
      }
      return;
    }
    if (question === undefined || options === undefined) {
      const missing = question === undefined ? 'question' : 'options';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'The full poll has a question and options.' });
      return;
    }
    refinePollForm({ question, options }, ctx);
  });
export type UpdatePollRequest = z.infer<typeof updatePollRequestSchema>;

export const answerPollRequestSchema = z.object({
  /** Indexes of the chosen options. */
  answers: z.array(z.number().int().nonnegative()).max(ROOM_COMMAND_LIMITS.pollOptions),
  /** The voter's participation; when sent it must be the caller's own. */
  participant_id: id.optional(),
  opentok_session_id: text().max(500).nullish(),
  room_id: id.nullish(),
});
export type AnswerPollRequest = z.infer<typeof answerPollRequestSchema>;

export const answerPollResponseSchema = z.object({ poll: z.number(), answered: z.literal(true) });
export type AnswerPollResponse = z.infer<typeof answerPollResponseSchema>;

/** The back office's list of polls (GET polls, GET polls/by-lab/{labId}): the lab's, newest first. */
export const pollListSchema = z.array(pollSchema);

/** GET polls/by-lab/{labId}: the caller's own lab only (another lab's answers 404). */
export const pollsByLabParamsSchema = z.object({ labId: idSchema });

/** The polls list's page sizes (back-office spec 9: 5, 15, 30, and 50; 5 first). */
export const POLL_PAGE_SIZES = [5, 15, 30, 50] as const;
