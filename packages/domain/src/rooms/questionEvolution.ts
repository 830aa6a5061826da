// How question events change a room's list. Beside questionDecisions.ts, which emits them. A guest's
// client folds the events it receives with this same code: it may get QuestionApproved for a question it
// never saw asked (then the question is added from the event) and votes or moderation of questions it
// does not hold (ignored).
import type { Question } from './questions.ts';
import type { SessionEvent } from './roomEvents.ts';
import type { RoomState } from './roomState.ts';

export type QuestionEvent = Extract<
  SessionEvent,
  {
    type:
      | 'QuestionAsked'
      | 'QuestionApproved'
      | 'QuestionHidden'
      | 'QuestionAnswered'
      | 'QuestionPinned'
      | 'QuestionUpvoted'
      | 'QuestionUpvoteWithdrawn';
  }
>;

export const QUESTION_EVENT_TYPES = [
  'QuestionAsked',
  'QuestionApproved',
  'QuestionHidden',
  'QuestionAnswered',
  'QuestionPinned',
  'QuestionUpvoted',
  'QuestionUpvoteWithdrawn',
] as const satisfies readonly QuestionEvent['type'][];

export function evolveQuestions(state: RoomState, event: QuestionEvent): RoomState {
  switch (event.type) {
    case 'QuestionAsked': {
      const { questionId, asker, anonymous, text, at } = event.data;
      return withQuestion(state, {
        id: questionId,
        asker,
        anonymous,
        text,
        askedAt: at,
        status: 'pending',
        answered: false,
        pinned: false,
        voters: [],
      });
    }
    case 'QuestionApproved': {
      const { questionId, asker, anonymous, text, askedAt } = event.data;
      if (state.questions.some((question) => question.id === questionId)) {
        return update(state, questionId, (question) => ({ ...question, status: 'approved' }));
      }
      return withQuestion(state, {
        id: questionId,
        asker,
        anonymous,
        text,
        askedAt,
        status: 'approved',
        answered: false,
        pinned: false,
        voters: [],
      });
    }
    case 'QuestionHidden':
      return update(state, event.data.questionId, (question) => ({
        ...question,
        status: 'hidden',
        pinned: false,
      }));
    case 'QuestionAnswered':
      return update(state, event.data.questionId, (question) => ({
        ...question,
        answered: true,
        pinned: false,
      }));
    case 'QuestionPinned': {
      const { questionId, pinned } = event.data;
      // One pinned question at a time: pinning one lets go of the other.
      return {
        ...state,
        questions: state.questions.map((question) =>
          question.id === questionId
            ? { ...question, pinned }
            : pinned && question.pinned
              ? { ...question, pinned: false }
              : question,
        ),
      };
    }
    case 'QuestionUpvoted': {
      const { questionId, participantId } = event.data;
      return update(state, questionId, (question) =>
        question.voters.includes(participantId)
          ? question
          : { ...question, voters: [...question.voters, participantId] },
      );
    }
    case 'QuestionUpvoteWithdrawn': {
      const { questionId, participantId } = event.data;
      return update(state, questionId, (question) => ({
        ...question,
        voters: question.voters.filter((voter) => voter !== participantId),
      }));
    }
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled session event ${JSON.stringify(unhandled)}`);
    }
  }
}

function withQuestion(state: RoomState, question: Question): RoomState {
  return { ...state, questions: [...state.questions, question] };
}

function update(state: RoomState, questionId: string, change: (question: Question) => Question): RoomState {
  if (!state.questions.some((question) => question.id === questionId)) return state;
  return {
    ...state,
    questions: state.questions.map((question) => (question.id === questionId ? change(question) : question)),
  };
}
