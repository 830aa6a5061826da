// The shapes of the log: a session event as a command's decision proposes it, and as the log stores it.
// See docs/architecture.md, "The log".
import type { SessionEventMetadata } from './metadata.ts';

export type { SessionEventActor, SessionEventMetadata } from './metadata.ts';

export type NewSessionEvent = {
  /** A uuid chosen by the caller (from the command), which makes a retried append idempotent. */
  eventId: string;
  type: string;
  data: unknown;
  metadata: SessionEventMetadata;
  /** The shape version of `data`; defaults to the newest version the upcaster registry knows, else 1. */
  schemaVersion?: number;
};

export type StoredSessionEvent = {
  globalPosition: number;
  /** xid8 as a decimal string: it may exceed 2^53. Compare with BigInt, never as text. */
  transactionId: string;
  streamId: string;
  streamVersion: number;
  type: string;
  schemaVersion: number;
  data: unknown;
  metadata: SessionEventMetadata;
  eventId: string;
  occurredAt: Date;
};

/** A place in the global order of the log, (transaction id, global position); null is "before all". */
export type LogPosition = { transactionId: string; globalPosition: number };

/** The stream of a room: one definition, in the domain. */
export { roomStreamId } from '@lablive/domain';
