// What a room host holds between turns of the event loop, and the elementary moves on it: answering
// an accepted command (and the copies that waited with it), putting commands back to be decided again,
// refusing what waits. The pipeline (batchPipeline.ts) and the commit (batchCommit.ts) work on it.
import type { RoomConfig, RoomState } from '@lablive/domain';
import type { Bus } from '../bus/index.ts';
import type { Db } from '../db/connection.ts';
import type { InstanceCommits } from '../event-store/instanceCommits.ts';
import type { WakeUp } from '../event-store/wakeUp.ts';
import type { RoomInstruments } from '../observability/instruments.ts';
import type { AcceptedCommand, DecidedBatch, Pending } from './batchDecision.ts';
import type { RecentCommands } from './recentCommands.ts';
import type { CommandOutcome } from './roomService.ts';

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
  /**
   * Where the instance's rooms commit together (instanceCommits.ts): one call for the batches of many
   * rooms. Without it, each batch is appended alone.
   */
  commits?: InstanceCommits;
};

export type RoomHostState = {
  readonly config: RoomConfig;
  readonly deps: RoomHostDeps;
  readonly streamId: string;
  readonly instruments: RoomInstruments;
  /** Called once when another host wrote the stream: this one must be dropped. */
  readonly onStale: () => void;
  readonly recent: RecentCommands;
  /** Commands accepted in a batch not committed yet, by key. */
  readonly unconfirmed: Map<string, AcceptedCommand>;
  readonly queue: Pending[];
  /**
   * Commands to decide again one per batch, before the queue: those of a batch the database refused for
   * what it carried, and those of the batches decided after it, in their order.
   */
  readonly isolated: Pending[];
  /** The state the log holds: what has been committed. */
  committed: RoomState;
  /** The state once every decided batch is committed: what the next batch is decided against. */
  working: RoomState;
  lastSnapshotVersion: number;
  scheduled: boolean;
  batchesInFlight: number;
  /** Appends run one after the other, in the order their batches were decided; so do the answers. */
  appends: Promise<void>;
  settling: Promise<void>;
  /** Bumped when a commit fails: batches decided before it were decided against a state never stored. */
  generation: number;
  stopped: boolean;
};

export function answer(host: RoomHostState, command: AcceptedCommand, outcome: CommandOutcome) {
  host.unconfirmed.delete(command.key);
  command.pending.resolve(outcome);
  // Copies sent while the first was in flight answer like it, each with its own id.
  for (const copy of command.copies) copy.resolve({ ...outcome, commandId: copy.envelope.commandId });
}

export function unavailable(pending: Pending, message: string) {
  pending.resolve({ ok: false, commandId: pending.envelope.commandId, code: 'room_unavailable', message });
}

/** Answers every command of a batch `room_unavailable`: retryable, here or on the room's next host. */
export function refuseBatch(host: RoomHostState, decided: DecidedBatch, message: string) {
  for (const command of decided.accepted) {
    answer(host, command, {
      ok: false,
      commandId: command.pending.envelope.commandId,
      code: 'room_unavailable',
      message,
    });
  }
}

/** Refuses every command still waiting to be decided (the host stops or was fenced off). */
export function refuseWaiting(host: RoomHostState, message: string) {
  for (const pending of [...host.isolated.splice(0), ...host.queue.splice(0)]) unavailable(pending, message);
}

/** Puts a batch's unanswered commands (and their copies) back, to be decided again one by one. */
export function decideAgain(host: RoomHostState, commands: readonly AcceptedCommand[]) {
  for (const command of commands) {
    host.unconfirmed.delete(command.key);
    host.isolated.push(command.pending, ...command.copies);
  }
}
