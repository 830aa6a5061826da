// The event store as one object bound to a database, an upcaster registry and a wake-up, which is how
// the room host and the projections receive it: appends made through it wake its subscriptions.
import type { Db } from '../db/connection.ts';
import { type AppendRequest, type AppendResult, append, appendMany } from './append.ts';
import { type ReadAllResult, readAll } from './readAll.ts';
import { readStream } from './readStream.ts';
import { type EventSubscription, type SubscribeOptions, subscribe } from './subscribe.ts';
import type { LogPosition, NewSessionEvent, StoredSessionEvent } from './types.ts';
import { noUpcasters, type UpcasterRegistry } from './upcasters.ts';
import { createWakeUp, type WakeUp } from './wakeUp.ts';

export type EventStore = {
  readonly wakeUp: WakeUp;
  append(
    streamId: string,
    expectedVersion: number,
    events: readonly NewSessionEvent[],
  ): Promise<AppendResult>;
  appendMany(requests: readonly AppendRequest[]): Promise<AppendResult[]>;
  readStream(streamId: string, fromVersion?: number, limit?: number): Promise<StoredSessionEvent[]>;
  readAll(after: LogPosition | null, limit: number): Promise<ReadAllResult>;
  subscribe(options: Omit<SubscribeOptions, 'wakeUp' | 'upcasters'>): EventSubscription;
};

export function createEventStore(
  db: Db,
  options: { upcasters?: UpcasterRegistry; wakeUp?: WakeUp } = {},
): EventStore {
  const upcasters = options.upcasters ?? noUpcasters;
  const wakeUp = options.wakeUp ?? createWakeUp();
  return {
    wakeUp,
    append: (streamId, expectedVersion, events) =>
      append(db, streamId, expectedVersion, events, { upcasters, wakeUp }),
    appendMany: (requests) => appendMany(db, requests, { upcasters, wakeUp }),
    readStream: (streamId, fromVersion, limit) => readStream(db, streamId, fromVersion, limit, { upcasters }),
    readAll: (after, limit) => readAll(db, after, limit, { upcasters }),
    subscribe: (subscribeOptions) => subscribe(db, { ...subscribeOptions, wakeUp, upcasters }),
  };
}
