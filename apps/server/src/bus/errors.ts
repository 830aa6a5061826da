// The coded errors of the bus, the same for both adapters, so callers handle "nobody hosts this room"
// (no_responders) differently from "the host is slow" (bus_timeout) whatever carries the message.
import { CodedError } from '@lablive/domain';

export const BUS_ERROR_CODES = [
  'bus_timeout',
  'no_responders',
  'handler_failed',
  'bus_closed',
  'invalid_subject',
  'payload_too_large',
] as const;
export type BusErrorCode = (typeof BUS_ERROR_CODES)[number];

export class BusError extends CodedError<BusErrorCode> {
  constructor(code: BusErrorCode, message: string) {
    super(code, message);
    this.name = 'BusError';
  }
}

export class BusTimeoutError extends BusError {
  readonly subject: string;
  readonly timeoutMs: number;

  constructor(subject: string, timeoutMs: number) {
    super('bus_timeout', `No answer on ${subject} within ${timeoutMs} ms`);
    this.name = 'BusTimeoutError';
    this.subject = subject;
    this.timeoutMs = timeoutMs;
  }
}

export class NoRespondersError extends BusError {
  readonly subject: string;

  constructor(subject: string) {
    super('no_responders', `Nothing listens on ${subject}`);
    this.name = 'NoRespondersError';
    this.subject = subject;
  }
}

/** The replier threw; its message travels back (it is an internal message between our instances). */
export class RemoteHandlerError extends BusError {
  readonly subject: string;
  readonly remoteMessage: string;

  constructor(subject: string, remoteMessage: string) {
    super('handler_failed', `The replier on ${subject} failed: ${remoteMessage}`);
    this.name = 'RemoteHandlerError';
    this.subject = subject;
    this.remoteMessage = remoteMessage;
  }
}

export class BusClosedError extends BusError {
  constructor() {
    super('bus_closed', 'The bus is closed');
    this.name = 'BusClosedError';
  }
}

/** What a thrown value says, for an error answer: one line, bounded (it travels in a NATS header). */
export function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/[\r\n]+/g, ' ').slice(0, 1000) || 'error without a message';
}
