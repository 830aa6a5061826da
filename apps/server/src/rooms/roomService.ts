// What the rest of the server asks of rooms, wherever the room is hosted: run a command (decided and
// appended by the room's single host), read the room's current state, and follow its committed events.
// The gateway (realtime/) and the REST routes use only this.
import type { RoomActor, RoomCommand, RoomState } from '@lablive/domain';
import type { DeliveredEvent } from '@lablive/protocol';

export type CommandEnvelope = {
  roomId: number;
  /** Chosen by the client; the same id retried appends once and answers the first outcome. */
  commandId: string;
  actor: RoomActor;
  command: RoomCommand;
  /** Where the command came from, for the log's correlation id (a socket connection, an HTTP request). */
  correlationId?: string;
};

/**
 * `events`: what the command appended, empty for a retry of a command already answered (its events
 * went out with the first answer; a socket's ack carries the version alone).
 */
export type CommandOutcome =
  | { ok: true; commandId: string; version: number; events: DeliveredEvent[] }
  | { ok: false; commandId: string; code: string; message: string };

/**
 * Committed events of one room, in stream order, as the host published them; `committedAt` (epoch ms)
 * is when the host's append returned, for the fan-out latency metric.
 */
export type RoomEventBatch = { roomId: number; events: DeliveredEvent[]; committedAt?: number };

export type RoomSnapshot = { state: RoomState; version: number };

export interface RoomService {
  execute(envelope: CommandEnvelope): Promise<CommandOutcome>;
  snapshot(roomId: number): Promise<RoomSnapshot>;
  /** Every committed batch of the room, from now on, on every instance. */
  follow(roomId: number, onBatch: (batch: RoomEventBatch) => void): { stop(): void };
  /** The id of a new socket connection, marked with this instance (presenceSweep.ts). */
  newConnectionId(): string;
  /**
   * Called once this instance has been cut from PostgreSQL long enough that the other instances may
   * soon drop its connections from their rooms, or from the bus long enough to give its rooms up: its
   * sockets should close, their clients resume elsewhere.
   */
  onCutOff(listener: () => void): void;
}
