// How poll events change a room: polls created, edited, started, answered and closed. Beside
// pollDecisions.ts, which emits them.
import type { Poll } from './polls.ts';
import type { SessionEvent } from './roomEvents.ts';
import type { RoomState } from './roomState.ts';

export type PollEvent = Extract<
  SessionEvent,
  { type: 'PollCreated' | 'PollEdited' | 'PollStarted' | 'PollAnswered' | 'PollClosed' }
>;

export function evolvePolls(state: RoomState, event: PollEvent): RoomState {
  switch (event.type) {
    case 'PollCreated': {
      const { pollId, title, question, options, allowMultiple } = event.data;
      const poll: Poll = {
        id: pollId,
        title,
        question,
        options,
        allowMultiple,
        status: 'draft',
        results: options.map(() => 0),
        answeredBy: [],
      };
      return { ...state, polls: [...state.polls, poll] };
    }
    case 'PollEdited': {
      const { pollId, title, question, options, allowMultiple } = event.data;
      // Only an unanswered poll is edited, so its results start again at zero for the new options.
      return updatePoll(state, pollId, (poll) => ({
        ...poll,
        title,
        question,
        options,
        allowMultiple,
        results: options.map(() => 0),
      }));
    }
    case 'PollStarted':
      return updatePoll(state, event.data.pollId, (poll) => ({ ...poll, status: 'active' }));
    case 'PollAnswered': {
      const { pollId, participantId, answers } = event.data;
      return updatePoll(state, pollId, (poll) => ({
        ...poll,
        results: poll.results.map((count, index) => (answers.includes(index) ? count + 1 : count)),
        answeredBy: [...poll.answeredBy, participantId],
      }));
    }
    case 'PollClosed':
      return updatePoll(state, event.data.pollId, (poll) => ({ ...poll, status: 'closed' }));
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled session event ${JSON.stringify(unhandled)}`);
    }
  }
}

function updatePoll(state: RoomState, pollId: string, change: (poll: Poll) => Poll): RoomState {
  return { ...state, polls: state.polls.map((poll) => (poll.id === pollId ? change(poll) : poll)) };
}
