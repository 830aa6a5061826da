// English texts of the live room's Q&A tab (issue 33, part 3), spread into en.ts.
import type { Widen } from '../widen.ts';

export const roomQuestionsEn = {
  questions: {
    title: 'Questions',
    input: 'Your question',
    anonymous: 'Ask anonymously',
    anonymousHint: 'Anonymous: other guests do not see your name; the animators always do.',
    ask: 'Ask',
    tooLong: 'A question has at most {{max}} characters.',
    empty: 'No questions yet.',
    listLabel: 'Questions, pinned first, then by votes',
    you: 'You',
    anonymousAsker: 'Anonymous',
    anonymousToGuests: 'anonymous to guests',
    pending: 'Awaiting approval',
    pinned: 'Pinned',
    answered: 'Answered',
    hidden: 'Hidden',
    upvote: 'Upvote, votes:',
    actions: {
      approve: 'Approve',
      hide: 'Hide',
      answer: 'Mark answered',
      pin: 'Pin',
      unpin: 'Unpin',
    },
  },
};

export type RoomQuestionsResources = Widen<typeof roomQuestionsEn>;
