// Questions and answers in a live room (issue 33, part 3): guests ask, everyone upvotes, animators
// moderate. A question waits for an animator's approval before other guests see it; its asker sees it at
// once. An anonymous question hides its asker from the other guests, never from the animators.
// The rules of each command are questionDecisions.ts's; how events change the list is
// questionEvolution.ts's; who receives what is visibility.ts's. Pure, so the web shows the same order.

/** Bounds that keep one person from filling a room's list (checked in decide; the text at the socket). */
export const QUESTION_LIMITS = { text: 500, perPerson: 10, perRoom: 500 } as const;

/** Moderation a question goes through; `hidden` is final (a hidden question never comes back). */
export type QuestionStatus = 'pending' | 'approved' | 'hidden';

/** What an animator may do to a question (the ModerateQuestion command's `action`). */
export const QUESTION_ACTIONS = ['approve', 'hide', 'answer', 'pin', 'unpin'] as const;
export type QuestionAction = (typeof QUESTION_ACTIONS)[number];

export type QuestionAsker = { participantId: number; name: string };

export type Question = {
  id: string;
  /**
   * Who asked. Null in a guest's copy of someone else's anonymous question: the server never sends
   * that name to guests (visibility.ts).
   */
  asker: QuestionAsker | null;
  anonymous: boolean;
  text: string;
  askedAt: string;
  status: QuestionStatus;
  answered: boolean;
  /** At most one question is pinned in a room: the one being answered now. */
  pinned: boolean;
  /** Who upvoted it, each once. */
  voters: readonly number[];
};

/** Pinned first, then the most upvoted, then the oldest (the order of asking breaks ties). */
export function compareQuestions(a: Question, b: Question): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  if (a.voters.length !== b.voters.length) return b.voters.length - a.voters.length;
  if (a.askedAt !== b.askedAt) return a.askedAt < b.askedAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function sortQuestions(questions: readonly Question[]): Question[] {
  return [...questions].sort(compareQuestions);
}

export type QuestionReader = { participantId: number; isAnimator: boolean };

/**
 * Whether the reader sees the question in the list: animators see every question (hidden ones too, to
 * moderate); a guest sees the approved ones and their own (pending, or hidden with its status).
 */
export function seesQuestion(question: Question, reader: QuestionReader): boolean {
  if (reader.isAnimator) return true;
  if (question.asker?.participantId === reader.participantId) return true;
  return question.status === 'approved';
}

/** The list as the reader's panel shows it, sorted. */
export function questionsFor(questions: readonly Question[], reader: QuestionReader): Question[] {
  return sortQuestions(questions.filter((question) => seesQuestion(question, reader)));
}

/** A guest's copy: someone else's anonymous question without its asker. */
export function questionForGuest(question: Question, participantId: number): Question {
  if (!question.anonymous || question.asker?.participantId === participantId) return question;
  return { ...question, asker: null };
}

export function isAskedBy(question: Question, participantId: number): boolean {
  return question.asker?.participantId === participantId;
}
