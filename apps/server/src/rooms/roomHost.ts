// The single writer of one room's stream. Commands queue up; each turn of the event loop the host
// decides everything queued in order against its state, appends all accepted commands' events in one
// transaction (group commit), then answers each command and publishes the committed events once.
import { randomUUID } from 'node:crypto';
import { decide, evolveAll, type RoomConfig, type RoomState, roomStreamId } from '@lablive/domain';
import type { DeliveredEvent } from '@lablive/protocol';
import { v5 as uuidv5 } from 'uuid';
import type { Bus } from '../bus/index.ts';
import { encodeJson } from '../bus/index.ts';
import type { Db } from '../db/connection.ts';
import { WrongExpectedVersionError } from '../event-store/errors.ts';
import { type AppendRequest, appendMany, readStream } from '../event-store/index.ts';
import { noInstruments, preciseNow, type RoomInstruments } from '../observability/instruments.ts';
import type { CommandEnvelope, CommandOutcome, RoomEventBatch } from './roomService.ts';
import { commandKey, loadRoom, type RecentCommand, saveSnapshot, toDelivered } from './roomStateStore.ts';
import { roomSubjects } from './roomSubjects.ts';

/** A fixed namespace: event ids are uuid v5 of (participant, command id, index), so a retry reuses them. */
const EVENT_ID_NAMESPACE = '6f1b7c1e-7a51-4c1e-9a43-1f7d3f0c2b10';
const MAX_BATCH = 500;
const RECENT_COMMANDS = 10_000;
const SNAPSHOT_EVERY = 500;
/** Events per bus message: keeps a burst's message under the bus payload limit. */
const PUBLISH_CHUNK = 200;

export type RoomHostDeps = {
  db: Db;
  bus: Bus;
  now: () => Date;
  log: (level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>) => void;
  instruments?: RoomInstruments;
};

type Pending = { envelope: CommandEnvelope; resolve: (outcome: CommandOutcome) => void };

export type RoomHost = {
  roomId: number;
  submit(envelope: CommandEnvelope): Promise<CommandOutcome>;
  state(): RoomState;
  /** Stops taking commands; those queued are answered `room_unavailable` (retryable elsewhere). */
  stop(): Promise<void>;
  stopped(): boolean;
};

export async function startRoomHost(
  config: RoomConfig,
  deps: RoomHostDeps,
  onStale: () => void,
): Promise<RoomHost> {
  const loaded = await loadRoom(deps.db, config, RECENT_COMMANDS);
  let state = loaded.state;
  let lastSnapshotVersion = state.version;
  const recent = new Map<string, RecentCommand>(loaded.recent.map((entry) => [entry.key, entry]));
  const queue: Pending[] = [];
  let draining: Promise<void> | null = null;
  let isStopped = false;
  const streamId = roomStreamId(config.roomId);
  const instruments = deps.instruments ?? noInstruments;

  function remember(entry: RecentCommand) {
    recent.set(entry.key, entry);
    if (recent.size > RECENT_COMMANDS) {
      const oldest = recent.keys().next();
      if (!oldest.done) recent.delete(oldest.value);
    }
  }

  function publish(events: DeliveredEvent[], committedAt?: number) {
    for (let i = 0; i < events.length; i += PUBLISH_CHUNK) {
      const batch: RoomEventBatch = {
        roomId: config.roomId,
        events: events.slice(i, i + PUBLISH_CHUNK),
        ...(committedAt === undefined ? {} : { committedAt }),
      };
      deps.bus.publish(roomSubjects.events(config.roomId), encodeJson(batch));
    }
  }

  async function drainOnce(batch: Pending[]) {
    let working = state;
    const now = deps.now().toISOString();
    const requests: AppendRequest[] = [];
    const accepted: Array<{ pending: Pending; key: string; request: AppendRequest | null; version: number }> =
      [];
    const inBatch = new Set<string>();
    for (const pending of batch) {
      const { envelope } = pending;
      const key = commandKey(envelope.actor.participantId, envelope.commandId);
      const earlier = recent.get(key);
      if (earlier || inBatch.has(key)) {
        // A retry (lost acknowledgement): answer what the first one did, append nothing.
        if (earlier)
          pending.resolve({
            ok: true,
            commandId: envelope.commandId,
            version: earlier.version,
            events: earlier.events,
          });
        else accepted.push({ pending, key, request: null, version: -1 });
        continue;
      }
      const decision = decide(working, envelope.command, { actor: envelope.actor, now, newId: randomUUID });
      if (!decision.ok) {
        pending.resolve({
          ok: false,
          commandId: envelope.commandId,
          code: decision.rejection.code,
          message: decision.rejection.message,
        });
        continue;
      }
      inBatch.add(key);
      if (decision.events.length === 0) {
        accepted.push({ pending, key, request: null, version: working.version });
        continue;
      }
      const request: AppendRequest = {
        streamId,
        expectedVersion: working.version,
        events: decision.events.map((event, index) => ({
          eventId: uuidv5(`${config.roomId}:${key}:${index}`, EVENT_ID_NAMESPACE),
          type: event.type,
          data: event.data,
          metadata: {
            labId: config.labId,
            actor: {
              participantId: envelope.actor.participantId,
              ...(envelope.actor.userId !== null ? { userId: envelope.actor.userId } : {}),
              role: envelope.actor.role,
            },
            causationId: envelope.commandId,
            ...(envelope.correlationId ? { correlationId: envelope.correlationId } : {}),
          },
        })),
      };
      requests.push(request);
      working = evolveAll(working, decision.events);
      accepted.push({ pending, key, request, version: working.version });
    }

    const appendStarted = performance.now();
    const results = requests.length > 0 ? await appendMany(deps.db, requests) : [];
    const committedAt = preciseNow();
    if (requests.length > 0) {
      const stored = results.reduce((sum, result) => sum + result.events.length, 0);
      instruments.append((performance.now() - appendStarted) / 1000, stored);
    }
    state = working;
    const byRequest = new Map(requests.map((request, index) => [request, results[index]]));
    const delivered: DeliveredEvent[] = [];
    for (const item of accepted) {
      if (item.version === -1) continue;
      const result = item.request ? byRequest.get(item.request) : undefined;
      const events = result ? result.events.map(toDelivered) : [];
      delivered.push(...events);
      const version = result ? result.nextExpectedVersion : item.version;
      const entry = { key: item.key, version, events };
      if (events.length > 0) remember(entry);
      item.pending.resolve({ ok: true, commandId: item.pending.envelope.commandId, version, events });
    }
    // Duplicates inside one batch answer like their first copy.
    for (const item of accepted) {
      if (item.version !== -1) continue;
      const first = recent.get(item.key);
      item.pending.resolve({
        ok: true,
        commandId: item.pending.envelope.commandId,
        version: first?.version ?? state.version,
        events: first?.events ?? [],
      });
    }
    if (delivered.length > 0) publish(delivered, committedAt);
    if (state.version - lastSnapshotVersion >= SNAPSHOT_EVERY) {
      lastSnapshotVersion = state.version;
      const snapshotOf = state;
      saveSnapshot(deps.db, snapshotOf).catch((error: unknown) =>
        deps.log('warn', 'room snapshot not saved', { roomId: config.roomId, error: String(error) }),
      );
    }
  }

  function unavailable(pending: Pending, message: string) {
    pending.resolve({ ok: false, commandId: pending.envelope.commandId, code: 'room_unavailable', message });
  }

  async function drain() {
    while (queue.length > 0 && !isStopped) {
      const batch = queue.splice(0, MAX_BATCH);
      try {
        await drainOnce(batch);
      } catch (error) {
        instruments.appendFailed();
        if (error instanceof WrongExpectedVersionError) {
          // Another host wrote this stream: our lease is gone. Answer retryable and stop; the next
          // command finds the room's current host (or a fresh one that reads the log).
          deps.log('warn', 'room host fenced off by the expected version', { roomId: config.roomId });
          isStopped = true;
          for (const pending of [...batch, ...queue.splice(0)])
            unavailable(pending, 'The room moved; retry.');
          onStale();
          return;
        }
        deps.log('error', 'room batch failed', { roomId: config.roomId, error: String(error) });
        for (const pending of batch) unavailable(pending, 'The room could not store this command; retry.');
      }
    }
  }

  // A host that died between its commit and its publish left followers without its last events: the
  // stream's last event, published again, shows every instance how far the room is, and an instance
  // behind it reads the gap from the log (roomFanout.ts). Those already there drop it as a duplicate.
  if (state.version > 0) {
    const [head] = await readStream(deps.db, streamId, state.version, 1);
    if (head) publish([toDelivered(head)]);
  }

  function schedule() {
    if (draining) return;
    // setImmediate: commands that arrive in the same turn of the event loop share one transaction.
    draining = new Promise<void>((resolve) => setImmediate(resolve)).then(drain).finally(() => {
      draining = null;
      if (queue.length > 0 && !isStopped) schedule();
    });
  }

  return {
    roomId: config.roomId,
    submit(envelope) {
      if (isStopped) {
        return Promise.resolve({
          ok: false,
          commandId: envelope.commandId,
          code: 'room_unavailable',
          message: 'The room moved; retry.',
        });
      }
      return new Promise((resolve) => {
        queue.push({ envelope, resolve });
        schedule();
      });
    },
    state: () => state,
    stopped: () => isStopped,
    async stop() {
      isStopped = true;
      await draining;
      for (const pending of queue.splice(0)) unavailable(pending, 'The room host is stopping; retry.');
      await saveSnapshot(deps.db, state).catch(() => {});
    },
  };
}
