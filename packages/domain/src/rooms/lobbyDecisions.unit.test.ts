import { describe, expect, it } from 'vitest';
import {
  animator,
  fullConfig,
  given,
  joined,
  LATER,
  NOW,
  observer,
  observerAnimator,
  otherParticipant,
  participant,
} from '../testing/roomSpecification.ts';
import { entryRefusal, mustKnock } from './lobby.ts';
import type { RoomConfig } from './roomConfig.ts';
import type { SessionEvent } from './roomEvents.ts';
import { stateFor } from './visibility.ts';

const lobbyConfig: RoomConfig = { ...fullConfig, lobby: true };
const started: SessionEvent = { type: 'SessionStarted', data: { by: 1, at: NOW, session: 1 } };
const ended: SessionEvent = { type: 'SessionEnded', data: { by: 1, at: LATER } };
const knocked = (participantId: number, role: 'participant' | 'observer' = 'participant'): SessionEvent => ({
  type: 'ParticipantKnocked',
  data: { participantId, role, at: NOW },
});
const admitted = (participantId: number): SessionEvent => ({
  type: 'ParticipantAdmitted',
  data: { participantId, by: 1, at: NOW },
});
const denied = (participantId: number): SessionEvent => ({
  type: 'ParticipantDenied',
  data: { participantId, by: 1, at: NOW },
});
const locked: SessionEvent = { type: 'RoomLocked', data: { by: 1, at: NOW } };
const join = { type: 'JoinRoom', data: { connectionId: 'tab' } } as const;
const knock = { type: 'KnockToEnter', data: {} } as const;
const hostRoom = [started, joined(animator)];

describe('knocking in the lobby', () => {
  it('lets a guest of an event with a lobby knock from outside the room, not enter', () => {
    given(hostRoom, lobbyConfig).when(join, participant).thenRejects('lobby_wait');
    const state = given(hostRoom, lobbyConfig)
      .when(knock, participant)
      .then([knocked(2)]);
    expect(state.lobby.knocking).toEqual([{ participantId: 2, role: 'participant', at: NOW }]);
    given(hostRoom, lobbyConfig)
      .when(knock, observer)
      .then([knocked(3, 'observer')]);
  });

  it('appends nothing when the guest knocks again while waiting', () => {
    given([...hostRoom, knocked(2)], lobbyConfig)
      .when(knock, participant)
      .then([]);
  });

  it('never makes hosts wait, nor anyone when the event has no lobby', () => {
    for (const host of [animator, observerAnimator]) {
      given([started], lobbyConfig).when(knock, host).then([]);
      expect(given([started], lobbyConfig).when(join, host).decision).toMatchObject({ ok: true });
    }
    given(hostRoom).when(knock, participant).then([]);
    expect(given(hostRoom).when(join, participant).decision).toMatchObject({ ok: true });
  });

  it('lets the guest give up waiting, which takes them off the hosts’ list', () => {
    const state = given([...hostRoom, knocked(2)], lobbyConfig)
      .when({ type: 'WithdrawKnock', data: {} }, participant)
      .then([{ type: 'KnockWithdrawn', data: { participantId: 2, at: NOW } }]);
    expect(state.lobby.knocking).toEqual([]);
  });

  it('refuses knocks between two sessions', () => {
    given([...hostRoom, ended], lobbyConfig)
      .when(knock, participant)
      .thenRejects('session_ended');
  });
});

describe('admitting and denying', () => {
  const waiting = [...hostRoom, knocked(2), knocked(5)];

  it('admits one guest, who may then join; the other still waits', () => {
    const state = given(waiting, lobbyConfig)
      .when({ type: 'AdmitParticipant', data: { participantId: 2 } }, animator)
      .then([admitted(2)]);
    expect(state.lobby.knocking.map((entry) => entry.participantId)).toEqual([5]);
    expect(entryRefusal(state, participant)).toBeNull();
    expect(entryRefusal(state, otherParticipant)).toBe('lobby_wait');
    given([...waiting, admitted(2)], lobbyConfig)
      .when(join, participant)
      .then([
        {
          type: 'ParticipantJoined',
          data: {
            participantId: 2,
            userId: 20,
            email: 'paul@example.org',
            name: 'Paul',
            role: 'participant',
            connectionId: 'tab',
            at: NOW,
          },
        },
      ]);
  });

  it('admits everyone waiting at once, in the order they knocked', () => {
    given(waiting, lobbyConfig)
      .when({ type: 'AdmitEveryone', data: {} }, animator)
      .then([admitted(2), admitted(5)]);
  });

  it('denies a guest, who is told and no longer waits', () => {
    const state = given(waiting, lobbyConfig)
      .when({ type: 'DenyParticipant', data: { participantId: 5 } }, animator)
      .then([denied(5)]);
    expect(state.lobby.knocking.map((entry) => entry.participantId)).toEqual([2]);
    expect(mustKnock(state, otherParticipant)).toBe(true);
  });

  it('refuses to admit someone who is not knocking, and refuses guests who try', () => {
    given(waiting, lobbyConfig)
      .when({ type: 'AdmitParticipant', data: { participantId: 3 } }, animator)
      .thenRejects('knock_not_found');
    given([...waiting, admitted(2), joined(participant)], lobbyConfig)
      .when({ type: 'AdmitParticipant', data: { participantId: 5 } }, participant)
      .thenRejects('not_animator');
  });

  it('shows who knocks to the hosts only', () => {
    const state = given(waiting, lobbyConfig).when({ type: 'LockRoom', data: {} }, animator).state;
    expect(stateFor(state, { participantId: 1, isAnimator: true }).lobby.knocking).toHaveLength(2);
    expect(stateFor(state, { participantId: 7, isAnimator: false }).lobby.knocking).toEqual([]);
  });
});

describe('locking the room', () => {
  const inRoom = [...hostRoom, joined(participant)];

  it('turns away whoever knocks, and refuses new joins, with a clear reason', () => {
    const state = given([...hostRoom, knocked(5)], lobbyConfig)
      .when({ type: 'LockRoom', data: {} }, animator)
      .then([denied(5), locked]);
    expect(state.lobby.locked).toBe(true);
    given([...inRoom, locked], lobbyConfig)
      .when(knock, otherParticipant)
      .thenRejects('room_locked');
    given([...inRoom, locked])
      .when(join, otherParticipant)
      .thenRejects('room_locked');
  });

  it('lets someone who was in this session come back after a lost connection, and hosts in', () => {
    const lost: SessionEvent = {
      type: 'ParticipantLeft',
      data: { participantId: 2, reason: 'connection_lost', connectionId: 'conn-2', at: NOW },
    };
    expect(given([...inRoom, locked, lost]).when(join, participant).decision).toMatchObject({ ok: true });
    expect(given([...inRoom, locked]).when(join, observerAnimator).decision).toMatchObject({ ok: true });
  });

  it('unlocks, after which guests come in again', () => {
    const state = given([...inRoom, locked])
      .when({ type: 'UnlockRoom', data: {} }, animator)
      .then([{ type: 'RoomUnlocked', data: { by: 1, at: NOW } }]);
    expect(entryRefusal(state, otherParticipant)).toBeNull();
  });
});

describe('removing a participant', () => {
  const speaking: SessionEvent = { type: 'SpeakerChanged', data: { participantId: 2, at: NOW } };
  const inRoom = [...hostRoom, joined(participant), speaking];
  const remove = { type: 'RemoveParticipant', data: { participantId: 2 } } as const;

  it('sends them out at once and keeps them out of this session', () => {
    const state = given(inRoom)
      .when(remove, animator)
      .then([
        { type: 'SpeakerChanged', data: { participantId: null, at: NOW } },
        {
          type: 'ParticipantLeft',
          data: { participantId: 2, reason: 'kicked', connectionId: 'conn-2', at: NOW },
        },
        { type: 'ParticipantRemoved', data: { participantId: 2, by: 1, at: NOW } },
      ]);
    expect(state.viewers.map((viewer) => viewer.id)).toEqual([1]);
    given([...inRoom, ...removedEvents()])
      .when(join, participant)
      .thenRejects('removed_from_session');
    given([...inRoom, ...removedEvents()], lobbyConfig)
      .when(knock, participant)
      .thenRejects('removed_from_session');
  });

  it('lets them into a later session of the event', () => {
    const next: SessionEvent = { type: 'SessionStarted', data: { by: 1, at: LATER, session: 2 } };
    const later = [...inRoom, ...removedEvents(), ended, next];
    expect(given(later).when(join, participant).decision).toMatchObject({ ok: true });
  });

  it('refuses to remove a host, someone absent, or a request from a guest', () => {
    given([...inRoom, joined(observerAnimator)])
      .when({ type: 'RemoveParticipant', data: { participantId: 4 } }, animator)
      .thenRejects('host_not_removable');
    given(inRoom)
      .when({ type: 'RemoveParticipant', data: { participantId: 5 } }, animator)
      .thenRejects('viewer_not_found');
    given([...inRoom, joined(otherParticipant)])
      .when(remove, otherParticipant)
      .thenRejects('not_animator');
  });
});

function removedEvents(): SessionEvent[] {
  return [
    {
      type: 'ParticipantLeft',
      data: { participantId: 2, reason: 'kicked', connectionId: 'conn-2', at: NOW },
    },
    { type: 'ParticipantRemoved', data: { participantId: 2, by: 1, at: NOW } },
  ];
}
