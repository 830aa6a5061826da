// The bus over NATS core (NATS_URL), for several instances. Reconnects for ever (the status is logged
// and reported by healthy()), and close drains: messages already received are handled, published ones
// flushed. Request errors are translated to the bus's coded errors.
import {
  connect,
  DebugEvents,
  Empty,
  ErrorCode,
  Events,
  headers,
  type Msg,
  type NatsConnection,
  NatsError,
} from 'nats';
import { checkPayloadSize, runSubscriber } from './adapterRules.ts';
import { type Bus, DEFAULT_MAX_PAYLOAD_BYTES, DEFAULT_REPLY_QUEUE, type Subscription } from './bus.ts';
import {
  BusClosedError,
  BusTimeoutError,
  describeError,
  NoRespondersError,
  RemoteHandlerError,
} from './errors.ts';
import { assertSubject } from './subjects.ts';

/** Marks an error answer; the value is the replier's error message. */
const ERROR_HEADER = 'Lablive-Bus-Error';

export type NatsBusOptions = {
  /** The connection's name, as NATS monitoring shows it: which instance this is. */
  name: string;
  log: (line: string) => void;
};

const CONNECTION_OPTIONS = {
  // Never give up: an instance without its bus cannot serve rooms, and the load balancer sees it
  // unhealthy meanwhile.
  maxReconnectAttempts: -1,
  reconnectTimeWait: 1000,
  // Notice a connection gone silent (a partition: nothing closes it) within 6 s: a ping every 2 s, given
  // up when the third is due with two unanswered. At 10 s x 3 an instance cut off for 30 s never noticed:
  // its readiness said ready and its rooms went unanswered for the whole cut (npm run chaos, nats).
  pingInterval: 2_000,
  maxPingOut: 2,
  // A request would otherwise capture two stacks (new Error()) in case it fails: a cost every forwarded
  // command paid on the way to its room's host. A failed request is translated below, with the subject.
  noAsyncTraces: true,
} as const;

type NatsSubscription = { unsubscribe(): void; isClosed(): boolean };

/** A plain Uint8Array over the same bytes: nats hands out Buffers, the contract promises Uint8Arrays. */
function bytesOf(msg: Msg): Uint8Array {
  return new Uint8Array(msg.data.buffer, msg.data.byteOffset, msg.data.byteLength);
}

export async function connectNatsBus(url: string, options: NatsBusOptions): Promise<Bus> {
  const { log } = options;
  const nc = await connect({ servers: url, name: options.name, ...CONNECTION_OPTIONS });
  let connected = true;
  let closing: Promise<void> | undefined;
  const maxPayload = nc.info?.max_payload ?? DEFAULT_MAX_PAYLOAD_BYTES;
  const checkPayload = (payload: Uint8Array) => checkPayloadSize(payload, maxPayload);
  const unsubscriber = (subscription: NatsSubscription) => unsubscriberOf(nc, subscription);
  const respond = (msg: Msg, payload: Uint8Array, error?: string) => respondTo(msg, payload, log, error);
  log(`connected to NATS at ${nc.getServer()}`);
  void followStatus(nc, log, (up) => {
    connected = up;
  });
  void nc.closed().then((error) => {
    connected = false;
    if (error) log(`NATS connection closed: ${error.message}`);
  });

  function assertOpen(): void {
    if (closing !== undefined || nc.isClosed()) throw new BusClosedError();
  }

  return {
    kind: 'nats',
    maxPayload,
    publish(subject, payload) {
      assertOpen();
      assertSubject(subject, { wildcards: false });
      checkPayload(payload);
      // nats.js queues the caller's array itself until its next flush: copy, as the contract promises.
      nc.publish(subject, payload.slice());
    },
    subscribe(subject, handler) {
      assertOpen();
      assertSubject(subject, { wildcards: true });
      const subscription = nc.subscribe(subject, {
        callback: (error, msg) => {
          if (error) {
            log(`subscription to ${subject} failed: ${error.message}`);
            return;
          }
          runSubscriber(handler, bytesOf(msg), msg.subject, log);
        },
      });
      return unsubscriber(subscription);
    },
    reply(subject, handler, replyOptions = {}) {
      assertOpen();
      assertSubject(subject, { wildcards: true });
      const subscription = nc.subscribe(subject, {
        queue: replyOptions.queue ?? DEFAULT_REPLY_QUEUE,
        callback: (error, msg) => {
          if (error) {
            log(`replier on ${subject} failed: ${error.message}`);
            return;
          }
          if (!msg.reply) return;
          void (async () => {
            try {
              const payload = await handler(bytesOf(msg), msg.subject);
              if (!(payload instanceof Uint8Array))
                throw new TypeError('the reply handler returned no bytes');
              checkPayload(payload);
              respond(msg, payload);
            } catch (failure) {
              respond(msg, Empty, describeError(failure));
            }
          })();
        },
      });
      return unsubscriber(subscription);
    },
    async request(subject, payload, { timeoutMs }) {
      assertOpen();
      assertSubject(subject, { wildcards: false });
      checkPayload(payload);
      let msg: Msg;
      try {
        msg = await nc.request(subject, payload.slice(), { timeout: timeoutMs });
      } catch (error) {
        throw translate(error, subject, timeoutMs, closing !== undefined);
      }
      const remoteError = msg.headers?.get(ERROR_HEADER);
      if (remoteError) throw new RemoteHandlerError(subject, remoteError);
      return bytesOf(msg);
    },
    async flush() {
      assertOpen();
      await nc.flush();
    },
    healthy: () => connected && closing === undefined && !nc.isClosed(),
    close() {
      closing ??= nc.isClosed() ? Promise.resolve() : nc.drain();
      return closing;
    },
  };
}

async function followStatus(nc: NatsConnection, log: (line: string) => void, setUp: (up: boolean) => void) {
  for await (const status of nc.status()) {
    switch (status.type) {
      case Events.Disconnect:
        setUp(false);
        log(`NATS disconnected from ${String(status.data)}; reconnecting`);
        break;
      case Events.Reconnect:
        setUp(true);
        log(`NATS reconnected to ${String(status.data)}`);
        break;
      case Events.LDM:
        log('NATS server entering lame duck mode; will move to another server');
        break;
      case Events.Error:
        log(`NATS error: ${String(status.data)}`);
        break;
      case DebugEvents.StaleConnection:
        log('NATS connection stale; reconnecting');
        break;
      default:
        break;
    }
  }
}

/** A failed request as the bus's coded errors; `closing`: the bus is being closed. */
function translate(error: unknown, subject: string, timeoutMs: number, closing: boolean): unknown {
  if (!(error instanceof NatsError)) return error;
  switch (error.code) {
    case ErrorCode.NoResponders:
      return new NoRespondersError(subject);
    case ErrorCode.Timeout:
      // Closing the connection ends pending requests with a timeout.
      return closing ? new BusClosedError() : new BusTimeoutError(subject, timeoutMs);
    case ErrorCode.ConnectionClosed:
    case ErrorCode.ConnectionDraining:
      return new BusClosedError();
    default:
      return error;
  }
}

function unsubscriberOf(nc: NatsConnection, subscription: NatsSubscription): Subscription {
  return {
    unsubscribe() {
      if (!subscription.isClosed() && !nc.isClosed()) subscription.unsubscribe();
    },
  };
}

/** Answers a request: the payload, or an empty answer whose header carries the replier's error. */
function respondTo(msg: Msg, payload: Uint8Array, log: (line: string) => void, error?: string): void {
  try {
    if (error === undefined) {
      msg.respond(payload);
      return;
    }
    const errorHeaders = headers();
    errorHeaders.set(ERROR_HEADER, error);
    msg.respond(Empty, { headers: errorHeaders });
  } catch (failure) {
    // Connection closed meanwhile: the requester gets a timeout or a closed bus, as it would anyway.
    log(`could not answer on ${msg.subject}: ${describeError(failure)}`);
  }
}
