// Who sees what of a room. Most session events are public to the room; a participant's own notes are
// theirs alone, notes handed in go to the animators, and who voted for what is for the animators (and
// the voter's own screen): the others only learn that someone answered, the count badge of the spec.
import { questionForGuest, seesQuestion } from './questions.ts';
import type { SessionEvent } from './roomEvents.ts';
import type { RoomState } from './roomState.ts';

export type Recipient = { participantId: number; isAnimator: boolean };

/**
 * How an event is delivered. `full` names who receives it as it is; everybody else receives `others`
 * (a redacted copy), or nothing when `others` is null. Public events have no `full` list.
 */
export type Visibility =
  | { kind: 'public' }
  | {
      kind: 'restricted';
      animators: boolean;
      participantIds: readonly number[];
      others: SessionEvent | null;
    };

/** Delivered in full to the animators (when `animators`) and to `participantIds`; `others` to the rest. */
const restricted = (
  animators: boolean,
  participantIds: readonly number[],
  others: SessionEvent | null,
): Visibility => ({ kind: 'restricted', animators, participantIds, others });

export function visibilityOf(event: SessionEvent): Visibility {
  switch (event.type) {
    case 'NotesSaved':
      return restricted(false, [event.data.participantId], null);
    case 'NotesSubmitted':
      return restricted(true, [event.data.participantId], null);
    case 'PollAnswered':
      return restricted(true, [], { type: 'PollAnswered', data: { ...event.data, answers: [] } });
    // A question waits for an animator's approval: until then only the animators and its asker have it.
    case 'QuestionAsked':
      return restricted(true, [event.data.asker.participantId], null);
    // Approved, it goes to every guest; an anonymous one without its asker, but to the asker and the
    // animators as it is.
    case 'QuestionApproved': {
      const asker = event.data.asker;
      if (!event.data.anonymous || asker === null) return { kind: 'public' };
      return restricted(true, [asker.participantId], { ...event, data: { ...event.data, asker: null } });
    }
    // A guest's consents are theirs and the animators' to know.
    case 'ConsentGiven':
    case 'ConsentWithdrawn':
      return restricted(true, [event.data.participantId], null);
    // Who knocks, and the hosts' answer, are for the hosts and the guest concerned.
    case 'ParticipantKnocked':
    case 'KnockWithdrawn':
    case 'ParticipantAdmitted':
    case 'ParticipantDenied':
      return restricted(true, [event.data.participantId], null);
    default:
      return { kind: 'public' };
  }
}

export function receivesInFull(visibility: Visibility, recipient: Recipient): boolean {
  if (visibility.kind === 'public') return true;
  return (
    (visibility.animators && recipient.isAnimator) ||
    visibility.participantIds.includes(recipient.participantId)
  );
}

/** The event as this recipient may see it, or null when it is not for them. */
export function eventFor(event: SessionEvent, recipient: Recipient): SessionEvent | null {
  const visibility = visibilityOf(event);
  if (visibility.kind === 'public' || receivesInFull(visibility, recipient)) return event;
  return visibility.others;
}

/**
 * The room state as this recipient may see it: what folding the events they receive would give. A
 * client starts from it and folds the events that follow with the same `evolve`.
 */
export function stateFor(state: RoomState, recipient: Recipient): RoomState {
  if (recipient.isAnimator) {
    return {
      ...state,
      notes: state.notes.filter((notes) => notes.participantId === recipient.participantId),
    };
  }
  return {
    ...state,
    notes: state.notes.filter((notes) => notes.participantId === recipient.participantId),
    notesRequests: state.notesRequests.map((request) => ({
      ...request,
      submissions: request.submissions.filter(
        (submission) => submission.participantId === recipient.participantId,
      ),
    })),
    // Everyone's count badge (answeredBy) stays right; only the animators see the counts per option.
    polls: state.polls.map((poll) => ({ ...poll, results: poll.results.map(() => 0) })),
    // Only the hosts see who waits in the lobby.
    lobby: { ...state.lobby, knocking: [] },
    // The approved questions and their own, anonymous askers left out.
    questions: state.questions
      .filter((question) => seesQuestion(question, recipient))
      .map((question) => questionForGuest(question, recipient.participantId)),
    consents: state.consents.filter((given) => given.participantId === recipient.participantId),
  };
}
