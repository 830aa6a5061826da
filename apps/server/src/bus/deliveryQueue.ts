// The in-process bus's deliveries: asynchronous (a handler never runs inside publish) and in publish
// order. Deliveries of one turn run together; what they publish waits for the next turn, so a handler
// that publishes in a loop cannot starve timers and I/O.
import type { Route, RoutingTable } from './routingTable.ts';

/** What travels: `replyTo` makes it a request; `error` marks an error answer (a header in NATS). */
export type Message = { subject: string; payload: Uint8Array; replyTo?: string; error?: string };
export type Entry = Route & { deliver(message: Message): void; active: boolean };

export type DeliveryQueue = {
  /** Queues the message for every route it reaches; returns how many. */
  route(message: Message): number;
  /** Resolves once nothing is queued any more. */
  whenDrained(): Promise<void>;
};

export function createDeliveryQueue(routes: RoutingTable<Entry>): DeliveryQueue {
  let queue: Array<{ entry: Entry; message: Message }> = [];
  let scheduled = false;
  const drained: Array<() => void> = [];

  function deliverQueued(): void {
    scheduled = false;
    const batch = queue;
    queue = [];
    for (const { entry, message } of batch) if (entry.active) entry.deliver(message);
    if (queue.length > 0) schedule();
    else for (const resolve of drained.splice(0)) resolve();
  }

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    setImmediate(deliverQueued);
  }

  return {
    route(message) {
      const targets = routes.match(message.subject);
      for (const entry of targets) queue.push({ entry, message });
      if (targets.length > 0) schedule();
      return targets.length;
    },
    whenDrained() {
      if (queue.length === 0 && !scheduled) return Promise.resolve();
      return new Promise((resolve) => drained.push(resolve));
    },
  };
}
