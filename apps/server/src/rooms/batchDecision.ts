// One batch of a room host: the commands that arrived together, decided in order against the room's
// state as it will be once every earlier batch is committed. Rejections and retries of commands already
// answered are settled here at once; the accepted commands become one append request each, to be
// committed together.
import { randomUUID } from 'node:crypto';
import {
  BACK_OFFICE_PARTICIPANT_ID,
  decide,
  evolveAll,
  findUnstorableText,
  type RoomState,
  roomRejection,
  type SessionEvent,
} from '@lablive/domain';
import type { DeliveredEvent } from '@lablive/protocol';
import type { AppendRequest, StoredSessionEvent } from '../event-store/index.ts';
import { uuidNamespace, uuidV5 } from './eventIds.ts';
import type { CommandEnvelope, CommandOutcome } from './roomService.ts';
import { commandKey, type RecentCommand } from './roomStateStore.ts';

/** A fixed namespace: event ids are uuid v5 of (room, participant, command id, index), so a retry reuses them. */
const EVENT_ID_NAMESPACE = uuidNamespace('6f1b7c1e-7a51-4c1e-9a43-1f7d3f0c2b10');

export type Pending = { envelope: CommandEnvelope; resolve: (outcome: CommandOutcome) => void };

/** An accepted command, answered once its batch is committed; copies of it sent meanwhile wait with it. */
export type AcceptedCommand = {
  pending: Pending;
  key: string;
  /** Null when the command changes nothing (no event): it is answered with the version it saw. */
  request: AppendRequest | null;
  version: number;
  copies: Pending[];
};

export type DecidedBatch = { accepted: AcceptedCommand[]; requests: AppendRequest[]; stateAfter: RoomState };

export type BatchContext = {
  streamId: string;
  labId: number;
  roomId: number;
  now: string;
  /** Commands answered lately (committed), by key: a retry gets the first answer. */
  recent: ReadonlyMap<string, RecentCommand>;
  /** Commands accepted in a batch not committed yet, by key. */
  unconfirmed: Map<string, AcceptedCommand>;
};

export function decideBatch(
  state: RoomState,
  batch: readonly Pending[],
  context: BatchContext,
): DecidedBatch {
  let working = state;
  const accepted: AcceptedCommand[] = [];
  const requests: AppendRequest[] = [];
  for (const pending of batch) {
    const { envelope } = pending;
    const key = commandKey(envelope.actor.participantId, envelope.commandId);
    const earlier = context.recent.get(key);
    if (earlier) {
      // A retry (lost acknowledgement): answer the version the first one left, append nothing. Its
      // events went to the room with the first answer.
      pending.resolve({ ok: true, commandId: envelope.commandId, version: earlier.version, events: [] });
      continue;
    }
    const inFlight = context.unconfirmed.get(key);
    if (inFlight) {
      inFlight.copies.push(pending);
      continue;
    }
    const decision = decide(working, envelope.command, {
      actor: envelope.actor,
      now: context.now,
      newId: randomUUID,
    });
    // The boundaries refuse such text already; here it is refused for this command alone, whoever
    // sent it, so it never reaches an append it would fail for every command committed with it.
    const unstorable = decision.ok ? findUnstorableText(decision.events) : null;
    if (!decision.ok || unstorable) {
      const rejection = decision.ok
        ? roomRejection('unstorable_text', `(${unstorable})`)
        : decision.rejection;
      pending.resolve({
        ok: false,
        commandId: envelope.commandId,
        code: rejection.code,
        message: rejection.message,
      });
      continue;
    }
    let request: AppendRequest | null = null;
    if (decision.events.length > 0) {
      request = toAppendRequest(working.version, envelope, key, decision.events, context);
      requests.push(request);
      working = evolveAll(working, decision.events);
    }
    const command: AcceptedCommand = { pending, key, request, version: working.version, copies: [] };
    accepted.push(command);
    context.unconfirmed.set(key, command);
  }
  return { accepted, requests, stateAfter: working };
}

function toAppendRequest(
  expectedVersion: number,
  envelope: CommandEnvelope,
  key: string,
  events: readonly SessionEvent[],
  context: BatchContext,
): AppendRequest {
  const { actor } = envelope;
  const metadata = {
    labId: context.labId,
    actor: {
      ...(actor.participantId !== BACK_OFFICE_PARTICIPANT_ID ? { participantId: actor.participantId } : {}),
      ...(actor.userId !== null ? { userId: actor.userId } : {}),
      role: actor.role,
    },
    causationId: envelope.commandId,
    ...(envelope.correlationId ? { correlationId: envelope.correlationId } : {}),
  };
  return {
    streamId: context.streamId,
    expectedVersion,
    events: events.map((event, index) => ({
      eventId: uuidV5(`${context.roomId}:${key}:${index}`, EVENT_ID_NAMESPACE),
      type: event.type,
      data: event.data,
      metadata,
    })),
  };
}

/**
 * A stored event as subscribers receive it. No schema check here, unlike events read from the log
 * (roomStateStore.ts): these are the host's own decided events, or, for a retry the store recognised,
 * the ones a host decided for the same command before.
 */
export function deliveredFromAppend(stored: StoredSessionEvent, occurredAt: string): DeliveredEvent {
  return {
    version: stored.streamVersion,
    occurredAt,
    event: { type: stored.type, data: stored.data } as SessionEvent,
  };
}
