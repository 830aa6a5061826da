// One commit for the appends of many streams: the room hosts of an instance hand their prepared appends
// here, and what arrives in the same turn of the event loop goes to PostgreSQL as one
// append_session_events call, each stream still checked against its own expected version. While the
// bound of calls is in flight, what arrives waits and joins the next call (group commit): under load the
// calls grow instead of queueing for connections. 1,000 small rooms then commit many events per
// transaction instead of one each. See docs/architecture.md, "The log".
//
// A combined call is atomic: when it fails because of what one part carried (a wrong version, an event
// id already stored, data PostgreSQL refuses), nothing was stored. The part PostgreSQL names is sent
// alone by appendPrepared, which tells a retry from a conflict, and the others together again; data
// refused without a name sends every part alone. So one room's conflict or bad data fails that room's
// append alone, and nothing is appended twice.
import type { Db } from '../db/connection.ts';
import { type AppendOptions, type AppendResult, appendPrepared, type PreparedAppend } from './append.ts';
import {
  callAppendFunction,
  combineOneCalls,
  type OneCallArguments,
  type OneCallResult,
  undecidedBy,
} from './appendInOneCall.ts';
import { refusedTheData } from './errors.ts';
import { noUpcasters } from './upcasters.ts';

export type InstanceCommits = {
  /** Stores `prepared` (as prepareAppend made it, with the same options), with the appends around it. */
  append(prepared: PreparedAppend): Promise<AppendResult[]>;
};

export type InstanceCommitsOptions = AppendOptions & {
  /** Combined calls running at once; see MAX_IN_FLIGHT. */
  maxInFlight?: number;
  /** Events of one combined call at most (one part is never split). */
  maxEvents?: number;
};

/**
 * Combined calls running at once. Each holds one pool connection, and the pool (10 connections by
 * default, db/connection.ts) also serves room loads, snapshots, reads and every REST request: two
 * leave it most of its connections. More buy nothing: what arrives in one turn is one call anyway, and
 * one call's WAL flush already overlaps the next call's inserts with two. The append benchmark's 1,000
 * rooms made the same pace with 2 and 4 (about 3,500 to 4,100 events/s on the shared machine, 1,000
 * events per call either way), and calls cut to 250 events to overlap more were no faster.
 */
const MAX_IN_FLIGHT = 2;
/**
 * Parts taken out of a failed combined call before the rest goes alone: one room fenced off, or one
 * retry, is the common case; many at once (a storm of conflicts) go alone at once, concurrently.
 */
const MAX_CULPRITS = 3;
/** Keeps one call's JSON under a megabyte for chat-sized events; 4 hot rooms' full batches (250 events) fit. */
const MAX_EVENTS = 1000;

type Part = {
  prepared: PreparedAppend;
  oneCall: OneCallArguments;
  resolve: (results: AppendResult[]) => void;
  reject: (error: unknown) => void;
};

export function createInstanceCommits(db: Db, options: InstanceCommitsOptions = {}): InstanceCommits {
  const upcasters = options.upcasters ?? noUpcasters;
  const maxInFlight = options.maxInFlight ?? MAX_IN_FLIGHT;
  const maxEvents = options.maxEvents ?? MAX_EVENTS;
  const appendOptions: AppendOptions = {
    upcasters,
    ...(options.wakeUp === undefined ? {} : { wakeUp: options.wakeUp }),
  };
  const waiting: Part[] = [];
  let inFlight = 0;
  let scheduled = false;

  /** Sends what waits on the next turn (so the rest of this turn's appends join it), if a call may run. */
  const schedule = () => {
    if (scheduled || waiting.length === 0 || inFlight >= maxInFlight) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      while (waiting.length > 0 && inFlight < maxInFlight) {
        const parts = takeOneCall(waiting, maxEvents);
        inFlight++;
        void send(parts).finally(() => {
          inFlight--;
          schedule();
        });
      }
    });
  };

  const alone = (part: Part) =>
    appendPrepared(db, part.prepared, appendOptions).then(part.resolve, part.reject);

  /**
   * One combined call for `parts`. When PostgreSQL names the part it could not take (the stream at
   * another version, an event id already stored), that part goes alone and the others are sent again
   * together, a few times at most; otherwise every part goes alone.
   */
  async function send(parts: readonly Part[]): Promise<void> {
    let together = [...parts];
    const alongside: Promise<void>[] = [];
    for (let culprits = 0; together.length > 1; culprits++) {
      const requests = together.flatMap((part) => part.prepared.requests);
      let results: OneCallResult[];
      try {
        results = await callAppendFunction(
          db,
          requests,
          combineOneCalls(together.map((part) => part.oneCall)),
        );
      } catch (error) {
        const undecided = undecidedBy(error);
        // Not what a part carried (the connection, the database going away): each alone would fail alike.
        if (undecided === null && !refusedTheData(error)) {
          for (const part of together) part.reject(error);
          await Promise.all(alongside);
          return;
        }
        const culprit = culprits < MAX_CULPRITS && undecided ? together.find(owns(undecided)) : undefined;
        if (!culprit) break;
        alongside.push(alone(culprit));
        together = together.filter((part) => part !== culprit);
        continue;
      }
      settle(together, results);
      await Promise.all(alongside);
      return;
    }
    await Promise.all([...alongside, ...together.map(alone)]);
  }

  function settle(parts: readonly Part[], results: readonly OneCallResult[]) {
    options.wakeUp?.notify();
    let next = 0;
    for (const part of parts) {
      const own = results.slice(next, next + part.prepared.requests.length);
      next += own.length;
      // Stored either way: an upcaster that throws fails this part's answer, never the others'.
      try {
        part.resolve(own.map((result) => ({ ...result, events: result.events.map(upcasters.upcast) })));
      } catch (error) {
        part.reject(error);
      }
    }
  }

  return {
    append(prepared) {
      // A caller's transaction commits on its own, and a batch that is no plain run goes the long way.
      if (db.isTransaction || prepared.oneCall === null) return appendPrepared(db, prepared, appendOptions);
      const { oneCall } = prepared;
      return new Promise((resolve, reject) => {
        waiting.push({ prepared, oneCall, resolve, reject });
        schedule();
      });
    },
  };
}

/**
 * The parts of the next call, taken from the front of `waiting`: up to `maxEvents` events, and never
 * two parts on one stream (their versions would not chain: the later one waits for the next call).
 */
/** Whether a part holds the stream or the event PostgreSQL named. */
const owns =
  ({ streamId, eventId }: { streamId: string | null; eventId: string | null }) =>
  (part: Part): boolean =>
    (streamId !== null && part.oneCall.streamIds.includes(streamId)) ||
    (eventId !== null &&
      part.prepared.requests.some((request) => request.events.some((event) => event.eventId === eventId)));

function takeOneCall(waiting: Part[], maxEvents: number): Part[] {
  const taken: Part[] = [];
  const left: Part[] = [];
  const streams = new Set<string>();
  let events = 0;
  for (const part of waiting) {
    const size = part.oneCall.versions.length;
    const full = taken.length > 0 && events + size > maxEvents;
    if (full || part.oneCall.streamIds.some((streamId) => streams.has(streamId))) {
      left.push(part);
      continue;
    }
    taken.push(part);
    events += size;
    for (const streamId of part.oneCall.streamIds) streams.add(streamId);
  }
  waiting.length = 0;
  for (const part of left) waiting.push(part);
  return taken;
}
