// The bus of a single instance (no NATS_URL): the same semantics as NATS core, in memory. Delivery is
// asynchronous (a handler never runs inside publish), in publish order, and payloads are copied, so
// code that works here does not break when the messages start crossing the network.

import { checkPayloadSize, runSubscriber } from './adapterRules.ts';
import {
  type Bus,
  DEFAULT_MAX_PAYLOAD_BYTES,
  DEFAULT_REPLY_QUEUE,
  type ReplyHandler,
  type Subscription,
} from './bus.ts';
import { createDeliveryQueue, type Entry, type Message } from './deliveryQueue.ts';
import {
  BusClosedError,
  BusTimeoutError,
  describeError,
  NoRespondersError,
  RemoteHandlerError,
} from './errors.ts';
import { createRoutingTable } from './routingTable.ts';
import { assertSubject } from './subjects.ts';

export type InProcessBusOptions = {
  maxPayload?: number;
  /** Where errors thrown by subscription handlers are reported. */
  log?: (line: string) => void;
};

export function createInProcessBus(options: InProcessBusOptions = {}): Bus {
  const maxPayload = options.maxPayload ?? DEFAULT_MAX_PAYLOAD_BYTES;
  const log = options.log ?? (() => {});
  const routes = createRoutingTable<Entry>();
  const { route, whenDrained } = createDeliveryQueue(routes);
  let state: 'open' | 'closing' | 'closed' = 'open';
  let closing: Promise<void> | undefined;
  const pendingRequests = new Set<(error: Error) => void>();
  let inboxes = 0;

  const checkPayload = (payload: Uint8Array) => checkPayloadSize(payload, maxPayload);

  function assertOpen(): void {
    if (state !== 'open') throw new BusClosedError();
  }

  function addEntry(
    pattern: string,
    queueGroup: string | undefined,
    deliver: Entry['deliver'],
  ): Subscription {
    const entry: Entry = { pattern, queue: queueGroup, deliver, active: true };
    routes.add(entry);
    return {
      unsubscribe() {
        entry.active = false;
        routes.remove(entry);
      },
    };
  }

  async function answer(handler: ReplyHandler, message: Message, replyTo: string): Promise<void> {
    let response: Message;
    try {
      const payload = await handler(message.payload, message.subject);
      if (!(payload instanceof Uint8Array)) throw new TypeError('the reply handler returned no bytes');
      checkPayload(payload);
      response = { subject: replyTo, payload: payload.slice() };
    } catch (error) {
      response = { subject: replyTo, payload: new Uint8Array(0), error: describeError(error) };
    }
    if (state !== 'closed') route(response);
  }

  return {
    kind: 'in-process',
    maxPayload,
    publish(subject, payload) {
      assertOpen();
      assertSubject(subject, { wildcards: false });
      checkPayload(payload);
      route({ subject, payload: payload.slice() });
    },
    subscribe(subject, handler) {
      assertOpen();
      assertSubject(subject, { wildcards: true });
      return addEntry(subject, undefined, (message) =>
        runSubscriber(handler, message.payload, message.subject, log),
      );
    },
    reply(subject, handler, replyOptions = {}) {
      assertOpen();
      assertSubject(subject, { wildcards: true });
      return addEntry(subject, replyOptions.queue ?? DEFAULT_REPLY_QUEUE, (message) => {
        // A plain publish on a request subject has nobody to answer.
        if (message.replyTo !== undefined) void answer(handler, message, message.replyTo);
      });
    },
    request(subject, payload, { timeoutMs }) {
      // Refusals reject rather than throw, as NATS's (asynchronous) request does.
      try {
        assertOpen();
        assertSubject(subject, { wildcards: false });
        checkPayload(payload);
      } catch (error) {
        return Promise.reject(error);
      }
      return new Promise<Uint8Array>((resolve, reject) => {
        const settle = (outcome: () => void) => {
          clearTimeout(timer);
          inbox.unsubscribe();
          pendingRequests.delete(fail);
          outcome();
        };
        const fail = (error: Error) => settle(() => reject(error));
        const timer = setTimeout(() => fail(new BusTimeoutError(subject, timeoutMs)), timeoutMs);
        const inboxSubject = `_INBOX.${++inboxes}`;
        const inbox = addEntry(inboxSubject, undefined, (message) =>
          message.error === undefined
            ? settle(() => resolve(message.payload))
            : fail(new RemoteHandlerError(subject, message.error)),
        );
        pendingRequests.add(fail);
        // As a NATS server does: no subscription at all on the subject means no responders, at once.
        if (route({ subject, payload: payload.slice(), replyTo: inboxSubject }) === 0) {
          fail(new NoRespondersError(subject));
        }
      });
    },
    flush: () => whenDrained(),
    healthy: () => state === 'open',
    close() {
      closing ??= (async () => {
        state = 'closing';
        await whenDrained();
        state = 'closed';
        for (const fail of [...pendingRequests]) fail(new BusClosedError());
        routes.clear();
      })();
      return closing;
    },
  };
}
