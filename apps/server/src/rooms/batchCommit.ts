// The commit of one decided batch: its append, built ahead and sent once the batch before it is
// stored; what a refusal means (fenced off by another host, a command the database will not store, or
// a failure worth retrying); and, once stored, the answers, the published events and the snapshot.
import { roomRejection } from '@lablive/domain';
import type { DeliveredEvent } from '@lablive/protocol';
import { refusedTheData, WrongExpectedVersionError } from '../event-store/errors.ts';
import {
  type AppendRequest,
  type AppendResult,
  appendPrepared,
  prepareAppend,
} from '../event-store/index.ts';
import { preciseNow } from '../observability/instruments.ts';
import { type DecidedBatch, deliveredFromAppend } from './batchDecision.ts';
import { publishRoomEvents } from './roomEventsPublisher.ts';
import {
  answer,
  decideAgain,
  type RoomHostDeps,
  type RoomHostState,
  refuseBatch,
  refuseWaiting,
} from './roomHostState.ts';
import { saveSnapshot, snapshotInterval } from './roomStateStore.ts';

export type StoredBatch = { results: AppendResult[]; committedAt: number };

/**
 * The append of a batch, built now, while the batch before it commits, and sent when called: with the
 * other rooms' batches of that turn when the instance commits them together. A bad event fails the
 * append when it is sent, as appendMany would.
 */
export function prepareSend(
  { db, commits }: RoomHostDeps,
  requests: readonly AppendRequest[],
): () => Promise<AppendResult[]> {
  if (requests.length === 0) return () => Promise.resolve([]);
  try {
    const prepared = prepareAppend(requests);
    return commits ? () => commits.append(prepared) : () => appendPrepared(db, prepared);
  } catch (error) {
    return () => Promise.reject(error);
  }
}

/** Appends a batch (once the one before it is stored): what was stored, or null when it was refused. */
export async function commitBatch(
  host: RoomHostState,
  decided: DecidedBatch,
  decidedIn: number,
  send: () => Promise<AppendResult[]>,
): Promise<StoredBatch | null> {
  if (host.stopped) {
    refuseBatch(host, decided, 'The room host is stopping; retry.');
    return null;
  }
  if (decidedIn !== host.generation) {
    decideAgain(host, decided.accepted);
    return null;
  }
  const started = performance.now();
  let results: AppendResult[];
  try {
    results = await send();
  } catch (error) {
    appendFailed(host, decided, error);
    return null;
  }
  host.committed = decided.stateAfter;
  const committedAt = preciseNow();
  if (decided.requests.length > 0) {
    host.deps.wakeUp?.notify();
    const stored = results.reduce((sum, result) => sum + result.events.length, 0);
    host.instruments.append((performance.now() - started) / 1000, stored);
  }
  return { results, committedAt };
}

/** A refused append: every batch decided after it is void; what happens to its commands depends on why. */
function appendFailed(host: RoomHostState, decided: DecidedBatch, error: unknown) {
  const { config, deps } = host;
  host.instruments.appendFailed();
  host.generation++;
  host.working = host.committed;
  if (error instanceof WrongExpectedVersionError) {
    // Another host wrote this stream: our lease is gone. Answer retryable and stop; the next
    // command finds the room's current host (or a fresh one that reads the log).
    deps.log('warn', 'room host fenced off by the expected version', { roomId: config.roomId });
    host.stopped = true;
    refuseBatch(host, decided, 'The room moved; retry.');
    refuseWaiting(host, 'The room moved; retry.');
    host.onStale();
    return;
  }
  if (refusedTheData(error)) {
    isolateTheBadCommand(host, decided, error);
    return;
  }
  deps.log('error', 'room batch failed', { roomId: config.roomId, error: String(error) });
  refuseBatch(host, decided, 'The room could not store this command; retry.');
}

/**
 * The database refused what the batch carried. A command decided alone and still refused is the bad
 * one: it is answered not_stored (sending it again will not help). Otherwise every command of the
 * batch is decided again, one per batch, until the bad one stands alone.
 */
function isolateTheBadCommand(host: RoomHostState, decided: DecidedBatch, error: unknown) {
  const writing = decided.accepted.filter((command) => command.request !== null);
  const [alone] = writing;
  if (writing.length === 1 && alone) {
    host.deps.log('warn', 'room command not stored', {
      roomId: host.config.roomId,
      commandId: alone.pending.envelope.commandId,
      error: String(error),
    });
    answer(host, alone, {
      ok: false,
      commandId: alone.pending.envelope.commandId,
      ...roomRejection('not_stored'),
    });
    decideAgain(
      host,
      decided.accepted.filter((command) => command !== alone),
    );
  } else {
    decideAgain(host, decided.accepted);
  }
}

/** Answers the commands of a stored batch, publishes its events, and saves a snapshot now and then. */
export function settleBatch(
  host: RoomHostState,
  decided: DecidedBatch,
  { results, committedAt }: StoredBatch,
) {
  const { config, deps } = host;
  const byRequest = new Map(decided.requests.map((request, index) => [request, results[index]]));
  const delivered: DeliveredEvent[] = [];
  for (const command of decided.accepted) {
    const result = command.request ? byRequest.get(command.request) : undefined;
    const occurredAt = result?.events[0]?.occurredAt.toISOString() ?? '';
    const events = result ? result.events.map((stored) => deliveredFromAppend(stored, occurredAt)) : [];
    for (const event of events) delivered.push(event);
    const version = result ? result.nextExpectedVersion : command.version;
    if (events.length > 0) host.recent.remember({ key: command.key, version });
    answer(host, command, { ok: true, commandId: command.pending.envelope.commandId, version, events });
  }
  if (delivered.length > 0) publishRoomEvents(deps.bus, config.roomId, delivered, committedAt);
  const after = decided.stateAfter;
  if (after.version - host.lastSnapshotVersion >= snapshotInterval(after)) {
    host.lastSnapshotVersion = after.version;
    saveSnapshot(deps.db, after).catch((error: unknown) =>
      deps.log('warn', 'room snapshot not saved', { roomId: config.roomId, error: String(error) }),
    );
  }
}
