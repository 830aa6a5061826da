// The waiting room of an event with a lobby (issue 33, part 2): a guest's Join knocks and the preview
// goes on while they wait; admitted, they go in; refused, the page keeps the reason and Join knocks
// again. Hosts never knock.
import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { RUNNING_SESSION, startWaitingRoom as start } from '../testing/waitingRoomHarness.ts';

const guestWithLobby = () =>
  Promise.resolve({
    eventId: 7,
    participationId: 5,
    role: 'participant' as const,
    session: RUNNING_SESSION,
    lobby: true,
  });

describe('waiting room: the lobby', () => {
  it('knocks on Join, keeps the preview while waiting, and goes in once admitted', async () => {
    const { actor, ready, loaded, knocking, answerKnock, saved } = start({ loadRoom: guestWithLobby });
    await ready();
    await loaded();
    actor.send({ type: 'room.join' });
    expect(actor.getSnapshot().matches({ waiting: { lobby: 'knocking' } })).toBe(true);
    expect(knocking()).toBe(true);
    answerKnock({ status: 'waiting', code: null, message: null });
    expect(actor.getSnapshot().matches({ waiting: { media: { ready: 'idle' } } })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'room.join' })).toBe(false);
    answerKnock({ status: 'admitted', code: null, message: null });
    await waitFor(actor, (s) => s.status === 'done');
    expect(saved).toHaveLength(1);
    expect(knocking()).toBe(false);
  });

  it('says why a guest was not let in, and knocks again on Join', async () => {
    const { actor, ready, loaded, knocking, answerKnock } = start({ loadRoom: guestWithLobby });
    await ready();
    await loaded();
    actor.send({ type: 'room.join' });
    answerKnock({ status: 'refused', code: 'room_locked', message: 'The room is locked.' });
    const refused = actor.getSnapshot();
    expect(refused.matches({ waiting: { lobby: 'refused' } })).toBe(true);
    expect(refused.context.lobbyRefusal).toBe('room_locked');
    expect(knocking()).toBe(false);
    actor.send({ type: 'room.join' });
    expect(knocking()).toBe(true);
    expect(actor.getSnapshot().context.lobbyRefusal).toBeNull();
  });

  it('lets a host straight in', async () => {
    const { actor, ready, loaded, knocking } = start({
      loadRoom: () =>
        Promise.resolve({
          eventId: 7,
          participationId: 5,
          role: 'animator',
          session: RUNNING_SESSION,
          lobby: true,
        }),
    });
    await ready();
    await loaded();
    actor.send({ type: 'room.join' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(knocking()).toBe(false);
  });
});
