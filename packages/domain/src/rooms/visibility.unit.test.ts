import { describe, expect, it } from 'vitest';
import type { SessionEvent } from './roomEvents.ts';
import { evolveAll, initialRoomState } from './roomState.ts';
import { eventFor, type Recipient, stateFor } from './visibility.ts';

const at = '2026-11-21T10:00:00.000Z';
const animator: Recipient = { participantId: 1, isAnimator: true };
const alice: Recipient = { participantId: 2, isAnimator: false };
const bob: Recipient = { participantId: 3, isAnimator: false };

const history: SessionEvent[] = [
  {
    type: 'PollCreated',
    data: { pollId: 'p1', title: 'Q', question: 'Q', options: ['a', 'b'], allowMultiple: false, by: 1, at },
  },
  { type: 'PollStarted', data: { pollId: 'p1', by: 1, at } },
  { type: 'PollAnswered', data: { pollId: 'p1', participantId: 2, answers: [1] } },
  { type: 'NotesSaved', data: { participantId: 2, text: 'alice private notes' } },
  { type: 'NotesRequested', data: { requestId: 'r1', by: 1, at } },
  {
    type: 'NotesSubmitted',
    data: { requestId: 'r1', participantId: 2, name: 'Alice', text: 'handed in', at },
  },
];
const config = { roomId: 7, eventId: 1, labId: 1, activeModules: [], labModules: [] };

/** What a recipient's client holds after receiving the events meant for it. */
function foldAs(recipient: Recipient) {
  const received = history.flatMap((event) => eventFor(event, recipient) ?? []);
  return evolveAll(initialRoomState(config), received);
}

describe('visibility', () => {
  it('keeps notes to their author and hands submitted notes to animators only', () => {
    expect(eventFor(history[3] as SessionEvent, bob)).toBeNull();
    expect(eventFor(history[3] as SessionEvent, animator)).toBeNull();
    expect(eventFor(history[3] as SessionEvent, alice)).toEqual(history[3]);
    expect(eventFor(history[5] as SessionEvent, animator)).toEqual(history[5]);
    expect(eventFor(history[5] as SessionEvent, bob)).toBeNull();
  });

  it('shows the animators who voted what, and the others only that someone answered', () => {
    const seenByBob = foldAs(bob).polls[0];
    expect(seenByBob?.answeredBy).toEqual([2]);
    expect(seenByBob?.results).toEqual([0, 0]);
    expect(foldAs(animator).polls[0]?.results).toEqual([0, 1]);
  });

  it('gives a joining client the same state that folding its events gives', () => {
    const full = evolveAll(initialRoomState(config), history);
    // Versions differ by design: a client takes the stream version from the server, not from its fold.
    for (const recipient of [animator, alice, bob]) {
      expect({ ...stateFor(full, recipient), version: 0 }).toEqual({ ...foldAs(recipient), version: 0 });
    }
  });
});
