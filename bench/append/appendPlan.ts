// The durable-append benchmark's shapes: the workloads (one hot room, many rooms, the raw SQL baseline,
// and a diagnostic hot room whose state does not grow), how many commands with how many in flight, what
// the pinned runner is told and what it reports.
import type { CpuUse } from '../lib/cpuTime.ts';

export type AppendKind = 'hotRoom' | 'manyRooms' | 'rawSql' | 'rawSqlConcurrent' | 'hotRoomSteady';

export const APPEND_KINDS: readonly AppendKind[] = [
  'hotRoom',
  'manyRooms',
  'rawSql',
  'rawSqlConcurrent',
  'hotRoomSteady',
];

export const APPEND_NAMES: Record<AppendKind, string> = {
  hotRoom: 'Room host, one hot room (chat)',
  manyRooms: 'Room host, many rooms (chat)',
  rawSql: 'Raw SQL, one INSERT per transaction, in stream order',
  rawSqlConcurrent: 'Raw SQL, one INSERT per transaction, 64 at once',
  hotRoomSteady: 'Diagnostic: one hot room, ToggleOwnAudio',
};

export type AppendPlan = {
  /** Participants of the hot room, each with one command in flight (closed loop), as the fan-out room. */
  hotRoomSenders: number;
  /** Connections of the pg pool: the room service's, and the concurrent raw baseline's inserts in flight. */
  poolSize: number;
  /** Measured commands per workload, after `warmup` unmeasured ones. */
  commands: number;
  warmup: number;
  /** Rooms of the many-rooms workload (one participant each, each with one command in flight). */
  rooms: number;
};

export function appendPlan(quick: boolean): AppendPlan {
  return quick
    ? { hotRoomSenders: 200, poolSize: 64, commands: 3000, warmup: 500, rooms: 100 }
    : { hotRoomSenders: 1000, poolSize: 64, commands: 40_000, warmup: 4000, rooms: 1000 };
}

/**
 * Commands in flight for a workload. The raw baseline of the target appends to one stream in its order:
 * with one event per transaction, an append must know the version the previous one committed, so they
 * run one at a time. The concurrent variant numbers its rows ahead and lets 64 commit at once (no order
 * guarantee: a failed insert would leave a gap), which PostgreSQL flushes together: shown beside it.
 */
export function inFlight(kind: AppendKind, plan: AppendPlan): number {
  switch (kind) {
    case 'hotRoom':
    case 'hotRoomSteady':
      return plan.hotRoomSenders;
    case 'manyRooms':
      return plan.rooms;
    case 'rawSql':
      return 1;
    case 'rawSqlConcurrent':
      return plan.poolSize;
  }
}

export type RunnerParticipant = {
  actor: { participantId: number; userId: null; role: 'participant'; name: string; email: string };
  roomId: number;
};

/** Who sends, as a runner child takes them: the participants a benchmark wrote (lib/roomFixtures.ts). */
export const runnerParticipants = (
  people: readonly { actor: { participantId: number; name: string; email: string }; roomId: number }[],
): RunnerParticipant[] =>
  people.map((person) => ({
    actor: {
      participantId: person.actor.participantId,
      userId: null,
      role: 'participant',
      name: person.actor.name,
      email: person.actor.email,
    },
    roomId: person.roomId,
  }));

export type RunnerConfig = {
  kind: AppendKind;
  databaseUrl: string;
  labId: number;
  plan: AppendPlan;
  /** Who sends: command k is sent by participants[k % participants.length]. */
  participants: RunnerParticipant[];
};

export type AppendResult = {
  kind: AppendKind;
  rooms: number;
  /** Commands (or inserts) in flight at any time. */
  inFlight: number;
  commands: number;
  events: number;
  seconds: number;
  eventsPerSecond: number;
  /** Acknowledgement latency of one command (room host) or one INSERT's commit (raw SQL), in ms. */
  p50: number;
  p99: number;
  max: number;
  /** Events per second over the first and the last tenth of the measured commands. */
  firstTenthPerSecond: number;
  lastTenthPerSecond: number;
  /** Distinct writing transactions of the measured events: how much each commit carried. */
  transactions: number;
  eventsPerTransaction: number;
  refused: number;
  synchronousCommit: string;
  /** Chat messages in the hot room's state at the end (the state the host copies per event). */
  largestChat: number;
  /** Cores used during the measured commands: `generator` is the runner (the room host or the inserts). */
  cpu: CpuUse;
};
