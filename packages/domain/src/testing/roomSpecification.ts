// Test support, not a test: given/when/then for the room decider, in the manner of emmett's
// DeciderSpecification. `given` folds past events, `when` decides one command (parsed as the socket
// would parse it), `then` checks the events appended and `thenRejects` the refusal. The state is deep-
// frozen before deciding, so a decider or evolve that mutates its input fails the test.
import { expect } from 'vitest';
import { LAB_MODULES } from '../auth/access.ts';
import { decide } from '../rooms/decide.ts';
import type { Decision, RoomActor } from '../rooms/decision.ts';
import type { RoomRejection, RoomRejectionCode } from '../rooms/rejections.ts';
import { type RoomCommandInput, roomCommandSchema } from '../rooms/roomCommands.ts';
import { ROOM_MODULES, type RoomConfig } from '../rooms/roomConfig.ts';
import { type SessionEvent, sessionEventSchema } from '../rooms/roomEvents.ts';
import { evolveAll, initialRoomState, type RoomState } from '../rooms/roomState.ts';

export const NOW = '2024-05-14T09:30:00.000Z';
export const LATER = '2024-05-14T09:45:00.000Z';

export const fullConfig: RoomConfig = {
  roomId: 7,
  eventId: 3,
  labId: 1,
  activeModules: ROOM_MODULES,
  labModules: LAB_MODULES,
};

function actor(participantId: number, role: RoomActor['role'], name: string): RoomActor {
  return {
    participantId,
    userId: participantId * 10,
    role,
    name,
    email: `${name.toLowerCase()}@example.org`,
  };
}

export const animator = actor(1, 'animator', 'Ada');
export const participant = actor(2, 'participant', 'Paul');
export const observer = actor(3, 'observer', 'Olga');
export const observerAnimator = actor(4, 'observer-animator', 'Oscar');
export const otherParticipant = actor(5, 'participant', 'Pia');

export function connectionOf(who: RoomActor): string {
  return `conn-${who.participantId}`;
}

/** The event a first JoinRoom of `who` appends. */
export function joined(who: RoomActor, connectionId = connectionOf(who)): SessionEvent {
  const { participantId, userId, email, name, role } = who;
  return {
    type: 'ParticipantJoined',
    data: { participantId, userId, email, name, role, connectionId, at: NOW },
  };
}

export type Outcome = {
  decision: Decision;
  /** The state the command was decided against. */
  state: RoomState;
  /** Asserts exactly these events were decided; returns the state after them. */
  then(expected: SessionEvent[]): RoomState;
  thenRejects(code: RoomRejectionCode): RoomRejection;
};

export function given(events: readonly SessionEvent[], config: RoomConfig = fullConfig) {
  return {
    when(command: RoomCommandInput, who: RoomActor, options: { now?: string } = {}): Outcome {
      const state = deepFreeze(evolveAll(initialRoomState(config), events));
      let ids = 0;
      const decision = decide(state, roomCommandSchema.parse(command), {
        actor: who,
        now: options.now ?? NOW,
        newId: () => `id-${++ids}`,
      });
      return {
        decision,
        state,
        // biome-ignore lint/suspicious/noThenProperty: the given/when/then vocabulary; an Outcome is never awaited.
        then(expected) {
          expect(decision).toEqual({ ok: true, events: expected });
          // What the room appends must be readable by the server's parse of the log.
          for (const event of expected) expect(sessionEventSchema.parse(event)).toEqual(event);
          return evolveAll(state, expected);
        },
        thenRejects(code) {
          expect(decision).toMatchObject({ ok: false, rejection: { code } });
          if (decision.ok) throw new Error('expected a rejection');
          return decision.rejection;
        },
      };
    },
  };
}

/** The state after `events`, frozen: for evolve tests. */
export function stateAfter(events: readonly SessionEvent[], config: RoomConfig = fullConfig): RoomState {
  return evolveAll(deepFreeze(initialRoomState(config)), events);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
