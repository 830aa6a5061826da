// The durable-append benchmark's shapes: the workloads (one hot room, many rooms, the raw SQL baseline,
// and a diagnostic hot room whose state does not grow), how many commands with how many in flight, what
// the pinned runner is told and what it reports.
import type { CpuUse } from '../lib/cpuTime.ts';

export type AppendKind = 'hotRoom' | 'manyRooms' | 'rawSql' | 'hotRoomSteady';

export const APPEND_KINDS: readonly AppendKind[] = ['hotRoom', 'manyRooms', 'rawSql', 'hotRoomSteady'];

export const APPEND_NAMES: Record<AppendKind, string> = {
  hotRoom: 'Room host, one hot room (chat)',
  manyRooms: 'Room host, many rooms (chat)',
  rawSql: 'Raw SQL, one INSERT per transaction',
  hotRoomSteady: 'Diagnostic: one hot room, ToggleOwnAudio',
};

export type AppendPlan = {
  /** Commands (or inserts) in flight at any time; also the size of the pg pool. */
  concurrency: number;
  /** Measured commands per workload, after `warmup` unmeasured ones. */
  commands: number;
  warmup: number;
  /** Rooms of the many-rooms workload (one participant each). */
  rooms: number;
};

export function appendPlan(quick: boolean): AppendPlan {
  return quick
    ? { concurrency: 64, commands: 3000, warmup: 500, rooms: 100 }
    : { concurrency: 64, commands: 20_000, warmup: 2000, rooms: 1000 };
}

export type RunnerParticipant = {
  actor: { participantId: number; userId: null; role: 'participant'; name: string; email: string };
  roomId: number;
};

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
  concurrency: number;
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
