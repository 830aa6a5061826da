// The bus between server instances: publish/subscribe for fan-out (room events to every gateway) and
// request/reply to the one instance hosting a room. Two adapters, in-process (one instance) and NATS,
// pass one contract suite (bus.contract.ts); the rest of the server only knows this interface.

export type BusKind = 'in-process' | 'nats';

/**
 * Subjects are dot-separated tokens, as in NATS. Subscriptions may use wildcards: `*` matches one token,
 * `>` (last token only) matches one or more remaining tokens. Published subjects are literal.
 */
export type Subject = string;

/** Called once per message, never inside the publisher's call stack. Errors are logged, not thrown. */
export type MessageHandler = (payload: Uint8Array, subject: Subject) => void | Promise<void>;

/** Answers a request. A throw (or rejection) becomes an error answer: the request rejects with it. */
export type ReplyHandler = (payload: Uint8Array, subject: Subject) => Uint8Array | Promise<Uint8Array>;

export type Subscription = {
  /** Stops delivery at once, also of messages already received but not yet handled. Idempotent. */
  unsubscribe(): void;
};

export type RequestOptions = { timeoutMs: number };

export type ReplyOptions = {
  /**
   * Repliers of one subject in the same queue group share the requests: each request reaches one of
   * them, on whichever instance. The default group suits "one answer per request" everywhere.
   */
  queue?: string;
};

export const DEFAULT_REPLY_QUEUE = 'lablive';

/** NATS's default max_payload; the in-process bus enforces it too, so a single instance fails alike. */
export const DEFAULT_MAX_PAYLOAD_BYTES = 1024 * 1024;

export interface Bus {
  readonly kind: BusKind;
  /** The largest payload a message may carry, in bytes. */
  readonly maxPayload: number;
  /** Copies the payload before returning: the caller may reuse its buffer. */
  publish(subject: Subject, payload: Uint8Array): void;
  subscribe(subject: Subject, handler: MessageHandler): Subscription;
  /**
   * Rejects with NoRespondersError at once when nothing listens on the subject, BusTimeoutError when no
   * answer came in time, RemoteHandlerError when the replier threw.
   */
  request(subject: Subject, payload: Uint8Array, options: RequestOptions): Promise<Uint8Array>;
  reply(subject: Subject, handler: ReplyHandler, options?: ReplyOptions): Subscription;
  /** Resolves once what was published before it has reached the bus (the NATS server, or the queue). */
  flush(): Promise<void>;
  /** Whether the bus can deliver now (false while NATS reconnects, and after close). */
  healthy(): boolean;
  /** Delivers what is already published, then stops; pending requests reject with BusClosedError. */
  close(): Promise<void>;
}
