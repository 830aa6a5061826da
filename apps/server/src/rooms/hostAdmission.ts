// Whether a room host takes a command now, before it is queued: the host still runs (else the room
// moved: room_unavailable), the participant is within their rate across their sockets and instances
// (rate_limited), and the commands already waiting leave room for it, in this room and on the whole
// instance (overloaded). A refused command is answered at once and nothing of it is queued or stored.
//
// Waiting means taken and not answered yet (queued, being decided or committed). The bounds keep a
// flood's memory and its answers' delay bounded: past them, the clients back off (the protocol's
// `overloaded`) instead of the host holding ever more promises nobody will wait for.
import { PROTOCOL_ERRORS, PROTOCOL_LIMITS } from '@lablive/protocol';
import { createKeyedTokenBuckets } from '../limits/tokenBucket.ts';
import type { OverloadScope, RoomInstruments } from '../observability/instruments.ts';
import type { RoomHostDeps } from './roomHostState.ts';
import type { CommandEnvelope, CommandOutcome } from './roomService.ts';

export type WaitingBounds = {
  /** Commands waiting in one room's host. */
  perRoom: number;
  /** Commands waiting in every host of this instance together. */
  perInstance: number;
};

export const DEFAULT_WAITING_BOUNDS: WaitingBounds = { perRoom: 2_000, perInstance: 50_000 };

/** The commands waiting in this instance's hosts, shared by all of them. */
export type InstanceWaiting = { readonly bounds: WaitingBounds; count: number };

export function createInstanceWaiting(bounds: WaitingBounds = DEFAULT_WAITING_BOUNDS): InstanceWaiting {
  return { bounds, count: 0 };
}

type Refusal = Extract<CommandOutcome, { ok: false }>;

export type HostAdmission = {
  /** Why the command is refused now, or null when the host takes it. */
  refusal(envelope: CommandEnvelope, stopped: boolean): Refusal | null;
  /** Counts a command as waiting until it is answered through the resolve this returns. */
  waitingUntil(resolve: (outcome: CommandOutcome) => void): (outcome: CommandOutcome) => void;
  /** Commands taken by this host and not answered yet. */
  waiting(): number;
};

export function createHostAdmission(
  deps: RoomHostDeps,
  instruments: RoomInstruments,
  instance: InstanceWaiting,
): HostAdmission {
  const withinRate = participantLimit(deps);
  let waitingHere = 0;

  function overloaded(envelope: CommandEnvelope): OverloadScope | null {
    // A leave always passes: refusing it would leave a connection present nobody will close again.
    if (envelope.command.type === 'LeaveRoom') return null;
    if (waitingHere >= instance.bounds.perRoom) return 'room';
    if (instance.count >= instance.bounds.perInstance) return 'instance';
    return null;
  }

  return {
    refusal(envelope, stopped) {
      const { commandId } = envelope;
      if (!withinRate(envelope)) {
        return {
          ok: false,
          commandId,
          code: PROTOCOL_ERRORS.rateLimited,
          message: 'Too many commands from you in this room: slow down.',
        };
      }
      if (stopped) {
        return {
          ok: false,
          commandId,
          code: PROTOCOL_ERRORS.roomUnavailable,
          message: 'The room moved; retry.',
        };
      }
      const scope = overloaded(envelope);
      if (scope === null) return null;
      instruments.overloaded(scope);
      return {
        ok: false,
        commandId,
        code: PROTOCOL_ERRORS.overloaded,
        message:
          scope === 'room'
            ? 'Too many commands wait for this room; retry with backoff.'
            : 'Too many commands wait on this server; retry with backoff.',
      };
    },
    waitingUntil(resolve) {
      waitingHere++;
      instance.count++;
      let answered = false;
      return (outcome) => {
        // Counted once, whatever calls it again.
        if (!answered) {
          answered = true;
          waitingHere--;
          instance.count--;
        }
        resolve(outcome);
      };
    },
    waiting: () => waitingHere,
  };
}

/**
 * Per participant, across their sockets and instances: every command of the room passes here. Joins
 * and leaves are the gateway's own, sent as sockets open and close, and the presence sweep's: they
 * always pass. True when the command may go on.
 */
function participantLimit(deps: RoomHostDeps): (envelope: CommandEnvelope) => boolean {
  const limit =
    deps.participantLimit === undefined
      ? {
          perSecond: PROTOCOL_LIMITS.participantCommandsPerSecond,
          burst: PROTOCOL_LIMITS.participantCommandBurst,
        }
      : deps.participantLimit;
  if (!limit) return () => true;
  const perParticipant = createKeyedTokenBuckets<number>(limit.perSecond, limit.burst, () =>
    deps.now().getTime(),
  );
  return (envelope) =>
    envelope.command.type === 'JoinRoom' ||
    envelope.command.type === 'LeaveRoom' ||
    perParticipant.take(envelope.actor.participantId);
}
