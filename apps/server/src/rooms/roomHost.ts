// The single writer of one room's stream. Commands queue up; each turn of the event loop the host
// decides everything queued in order against its state, appends all accepted commands' events in one
// call (group commit), then answers each command and publishes the committed events once.
//
// Two batches overlap: while one is being committed, the next is decided against the state the first
// will leave and its append built (events checked, the SQL arguments made), and sent the moment the
// first is stored, so the host's CPU and the database's work run
// side by side. A batch decided against a state that did not get stored (its predecessor failed) is
// never sent (the expected version would refuse it): its commands are decided again.
//
// One bad command never fails another's: when the database refuses a batch for what it carries (not for
// its state or the connection), its commands and those decided after it are decided again one per
// batch, so the command that fails alone is answered not_stored (not retryable) and the others commit.
import { type RoomConfig, type RoomState, roomRejection, roomStreamId } from '@lablive/domain';
import { type DeliveredEvent, PROTOCOL_ERRORS, PROTOCOL_LIMITS } from '@lablive/protocol';
import type { Bus } from '../bus/index.ts';
import type { Db } from '../db/connection.ts';
import { refusedTheData, WrongExpectedVersionError } from '../event-store/errors.ts';
import {
  type AppendRequest,
  type AppendResult,
  appendPrepared,
  prepareAppend,
  readStream,
  toDelivered,
} from '../event-store/index.ts';
import type { WakeUp } from '../event-store/wakeUp.ts';
import { createKeyedTokenBuckets } from '../limits/tokenBucket.ts';
import { noInstruments, preciseNow, type RoomInstruments } from '../observability/instruments.ts';
import {
  type AcceptedCommand,
  type DecidedBatch,
  decideBatch,
  deliveredFromAppend,
  type Pending,
} from './batchDecision.ts';
import { roomCodec } from './roomMessages.ts';
import type { CommandEnvelope, CommandOutcome, RoomEventBatch } from './roomService.ts';
import {
  loadRoom,
  type RecentCommand,
  saveSnapshot,
  snapshotInterval,
} from './roomStateStore.ts';
import { roomSubjects } from './roomSubjects.ts';

/** Several batches fit in what a busy room has in flight, so one is decided while another commits. */
const MAX_BATCH = 250;
/** Batches decided and not yet answered: one being committed, one waiting for it. */
const PIPELINE_DEPTH = 2;
const RECENT_COMMANDS = 10_000;
/** Events per bus message: keeps a burst's message under the bus payload limit. */
const PUBLISH_CHUNK = 200;

type Stored = { results: AppendResult[]; committedAt: number };

export type RoomHostDeps = {
  db: Db;
  bus: Bus;
  now: () => Date;
  log: (level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>) => void;
  instruments?: RoomInstruments;
  /**
   * Commands per participant of the room (PROTOCOL_LIMITS by default). Null only where the host is
   * measured, not used: the append benchmark's senders each keep one command in flight.
   */
  participantLimit?: { perSecond: number; burst: number } | null;
  /** Told after each commit of events (the projections' subscription polls at once: wakeUp.ts). */
  wakeUp?: WakeUp;
};

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
  /** The state the log holds: what has been committed. */
  let state = loaded.state;
  /** The state once every decided batch is committed: what the next batch is decided against. */
  let working = state;
  let lastSnapshotVersion = state.version;
  const recent = new Map<string, RecentCommand>(loaded.recent.map((entry) => [entry.key, entry]));
  const unconfirmed = new Map<string, AcceptedCommand>();
  const queue: Pending[] = [];
  /**
   * Commands to decide again one per batch, before the queue: those of a batch the database refused for
   * what it carried, and those of the batches decided after it, in their order.
   */
  const isolated: Pending[] = [];
  let scheduled = false;
  let batchesInFlight = 0;
  /** Appends run one after the other, in the order their batches were decided; so do the answers. */
  let appends: Promise<void> = Promise.resolve();
  let settling: Promise<void> = Promise.resolve();
  /** Bumped when a commit fails: batches decided before it were decided against a state never stored. */
  let generation = 0;
  let isStopped = false;
  const streamId = roomStreamId(config.roomId);
  const instruments = deps.instruments ?? noInstruments;

  // Oldest first, in a ring: asking a Map for its first key after many deletions walks over every
  // deleted slot, which made this the host's hottest line.
  const remembered: string[] = [...recent.keys()].slice(-RECENT_COMMANDS);
  let oldestRemembered = 0;
  function remember(entry: RecentCommand) {
    if (!recent.has(entry.key)) {
      if (remembered.length < RECENT_COMMANDS) remembered.push(entry.key);
      else {
        recent.delete(remembered[oldestRemembered] ?? '');
        remembered[oldestRemembered] = entry.key;
        oldestRemembered = (oldestRemembered + 1) % RECENT_COMMANDS;
      }
    }
    recent.set(entry.key, entry);
  }

  function publish(events: DeliveredEvent[], committedAt?: number) {
    for (let i = 0; i < events.length; i += PUBLISH_CHUNK) {
      const batch: RoomEventBatch = {
        roomId: config.roomId,
        events: events.slice(i, i + PUBLISH_CHUNK),
        ...(committedAt === undefined ? {} : { committedAt }),
      };
      deps.bus.publish(roomSubjects.events(config.roomId), roomCodec.encode(batch));
    }
  }

  function answer(command: AcceptedCommand, outcome: CommandOutcome) {
    unconfirmed.delete(command.key);
    command.pending.resolve(outcome);
    // Copies sent while the first was in flight answer like it, each with its own id.
    for (const copy of command.copies) copy.resolve({ ...outcome, commandId: copy.envelope.commandId });
  }

  function unavailable(pending: Pending, message: string) {
    pending.resolve({ ok: false, commandId: pending.envelope.commandId, code: 'room_unavailable', message });
  }

  function refuseBatch(decided: DecidedBatch, message: string) {
    for (const command of decided.accepted) {
      answer(command, {
        ok: false,
        commandId: command.pending.envelope.commandId,
        code: 'room_unavailable',
        message,
      });
    }
  }

  /** Puts a batch's unanswered commands (and their copies) back, to be decided again one by one. */
  function decideAgain(commands: readonly AcceptedCommand[]) {
    for (const command of commands) {
      unconfirmed.delete(command.key);
      isolated.push(command.pending, ...command.copies);
    }
  }

  /** Answers the commands of a stored batch and publishes its events. */
  function settle(decided: DecidedBatch, { results, committedAt }: Stored) {
    const byRequest = new Map(decided.requests.map((request, index) => [request, results[index]]));
    const delivered: DeliveredEvent[] = [];
    for (const command of decided.accepted) {
      const result = command.request ? byRequest.get(command.request) : undefined;
      const occurredAt = result?.events[0]?.occurredAt.toISOString() ?? '';
      const events = result ? result.events.map((stored) => deliveredFromAppend(stored, occurredAt)) : [];
      for (const event of events) delivered.push(event);
      const version = result ? result.nextExpectedVersion : command.version;
      if (events.length > 0) remember({ key: command.key, version, events });
      answer(command, { ok: true, commandId: command.pending.envelope.commandId, version, events });
    }
    if (delivered.length > 0) publish(delivered, committedAt);
    const after = decided.stateAfter;
    if (after.version - lastSnapshotVersion >= snapshotInterval(after)) {
      lastSnapshotVersion = after.version;
      saveSnapshot(deps.db, after).catch((error: unknown) =>
        deps.log('warn', 'room snapshot not saved', { roomId: config.roomId, error: String(error) }),
      );
    }
  }

  /**
   * The append of a batch, built now, while the batch before it commits, and sent when called. A bad
   * event fails the append when it is sent, as appendMany would.
   */
  function prepareSend(requests: readonly AppendRequest[]): () => Promise<AppendResult[]> {
    if (requests.length === 0) return () => Promise.resolve([]);
    try {
      const prepared = prepareAppend(requests);
      return () => appendPrepared(deps.db, prepared);
    } catch (error) {
      return () => Promise.reject(error);
    }
  }

  /** Appends a batch (once the one before it is stored): what was stored, or null when it was refused. */
  async function store(
    decided: DecidedBatch,
    decidedIn: number,
    send: () => Promise<AppendResult[]>,
  ): Promise<Stored | null> {
    if (isStopped) {
      refuseBatch(decided, 'The room host is stopping; retry.');
      return null;
    }
    if (decidedIn !== generation) {
      decideAgain(decided.accepted);
      return null;
    }
    const started = performance.now();
    let results: AppendResult[];
    try {
      results = await send();
    } catch (error) {
      instruments.appendFailed();
      generation++;
      working = state;
      if (error instanceof WrongExpectedVersionError) {
        // Another host wrote this stream: our lease is gone. Answer retryable and stop; the next
        // command finds the room's current host (or a fresh one that reads the log).
        deps.log('warn', 'room host fenced off by the expected version', { roomId: config.roomId });
        isStopped = true;
        refuseBatch(decided, 'The room moved; retry.');
        for (const pending of [...isolated.splice(0), ...queue.splice(0)])
          unavailable(pending, 'The room moved; retry.');
        onStale();
        return null;
      }
      if (refusedTheData(error)) {
        const writing = decided.accepted.filter((command) => command.request !== null);
        const [alone] = writing;
        if (writing.length === 1 && alone) {
          // Decided alone and still refused: this command is the bad one.
          deps.log('warn', 'room command not stored', {
            roomId: config.roomId,
            commandId: alone.pending.envelope.commandId,
            error: String(error),
          });
          answer(alone, {
            ok: false,
            commandId: alone.pending.envelope.commandId,
            ...roomRejection('not_stored'),
          });
          decideAgain(decided.accepted.filter((command) => command !== alone));
        } else {
          decideAgain(decided.accepted);
        }
        return null;
      }
      deps.log('error', 'room batch failed', { roomId: config.roomId, error: String(error) });
      refuseBatch(decided, 'The room could not store this command; retry.');
      return null;
    }
    state = decided.stateAfter;
    const committedAt = preciseNow();
    if (decided.requests.length > 0) {
      deps.wakeUp?.notify();
      const stored = results.reduce((sum, result) => sum + result.events.length, 0);
      instruments.append((performance.now() - started) / 1000, stored);
    }
    return { results, committedAt };
  }

  /** Decides queued commands while fewer than PIPELINE_DEPTH batches wait for their commit. */
  function pump() {
    // Commands decided again go one at a time and without overlap, so they keep their order and a
    // refusal among them leaves no batch decided behind it.
    const depth = () => (isolated.length > 0 ? 1 : PIPELINE_DEPTH);
    while ((queue.length > 0 || isolated.length > 0) && !isStopped && batchesInFlight < depth()) {
      const batch = isolated.length > 0 ? isolated.splice(0, 1) : queue.splice(0, MAX_BATCH);
      const decided = decideBatch(working, batch, {
        streamId,
        labId: config.labId,
        roomId: config.roomId,
        now: deps.now().toISOString(),
        recent,
        unconfirmed,
      });
      working = decided.stateAfter;
      batchesInFlight++;
      const decidedIn = generation;
      const send = prepareSend(decided.requests);
      const stored = appends.then(() => store(decided, decidedIn, send));
      appends = stored.then(() => undefined);
      // Answered on the next turn, once the next batch's append is on its way to the database: the
      // answering then runs while the database works.
      settling = Promise.all([stored, settling])
        .then(
          ([outcome]) =>
            new Promise<void>((resolve) =>
              setImmediate(() => {
                if (outcome) settle(decided, outcome);
                resolve();
              }),
            ),
        )
        .catch((error: unknown) => {
          // A bug while answering or publishing must not stall the batches behind it.
          deps.log('error', 'room batch settled badly', { roomId: config.roomId, error: String(error) });
        })
        .finally(() => {
          batchesInFlight--;
          schedule();
        });
    }
  }

  function schedule() {
    if (scheduled || (queue.length === 0 && isolated.length === 0) || isStopped) return;
    scheduled = true;
    // setImmediate: commands that arrive in the same turn of the event loop share one batch.
    setImmediate(() => {
      scheduled = false;
      pump();
    });
  }

  // A host that died between its commit and its publish left followers without its last events: the
  // stream's last event, published again, shows every instance how far the room is, and an instance
  // behind it reads the gap from the log (roomFanout.ts). Those already there drop it as a duplicate.
  if (state.version > 0) {
    const [head] = await readStream(deps.db, streamId, state.version, 1);
    if (head) publish([toDelivered(head)]);
  }

  // Per participant, across their sockets and instances: every command of the room passes here. Joins
  // and leaves are the gateway's own, sent as sockets open and close, and the presence sweep's.
  const limit =
    deps.participantLimit === undefined
      ? {
          perSecond: PROTOCOL_LIMITS.participantCommandsPerSecond,
          burst: PROTOCOL_LIMITS.participantCommandBurst,
        }
      : deps.participantLimit;
  const perParticipant =
    limit && createKeyedTokenBuckets<number>(limit.perSecond, limit.burst, () => deps.now().getTime());
  const counted = (envelope: CommandEnvelope) =>
    envelope.command.type !== 'JoinRoom' && envelope.command.type !== 'LeaveRoom';

  return {
    roomId: config.roomId,
    submit(envelope) {
      if (perParticipant && counted(envelope) && !perParticipant.take(envelope.actor.participantId)) {
        return Promise.resolve({
          ok: false,
          commandId: envelope.commandId,
          code: PROTOCOL_ERRORS.rateLimited,
          message: 'Too many commands from you in this room: slow down.',
        });
      }
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
      // The batch being committed completes; the ones decided after it and the queue are refused.
      isStopped = true;
      await appends;
      await settling;
      for (const pending of [...isolated.splice(0), ...queue.splice(0)])
        unavailable(pending, 'The room host is stopping; retry.');
      await saveSnapshot(deps.db, state).catch(() => {});
    },
  };
}
