// Versioned event shapes: the log keeps every event as it was written; an upcaster turns an old shape of
// `data` into the next one when it is read, so readers only ever know the newest shape of each type.
import type { StoredSessionEvent } from './types.ts';

export type Upcaster = {
  type: string;
  /** The shape this upcaster reads; it returns the shape of version `fromVersion + 1`. */
  fromVersion: number;
  upcast(data: unknown, event: StoredSessionEvent): unknown;
};

export type UpcasterRegistry = {
  /** The event with its data in the newest shape known for its type. */
  upcast(event: StoredSessionEvent): StoredSessionEvent;
  /** The newest schema version of a type: the version new events of that type are written with. */
  currentVersion(type: string): number;
};

/**
 * Chains must start at version 1 and have no gap, so every old event has a path to the newest shape;
 * a broken chain is a programming error, reported when the server starts rather than when an old
 * event is first read.
 */
export function createUpcasterRegistry(upcasters: readonly Upcaster[]): UpcasterRegistry {
  const byType = new Map<string, Map<number, Upcaster>>();
  for (const upcaster of upcasters) {
    const chain = byType.get(upcaster.type) ?? new Map<number, Upcaster>();
    if (chain.has(upcaster.fromVersion)) {
      throw new Error(`Two upcasters of ${upcaster.type} read version ${upcaster.fromVersion}`);
    }
    chain.set(upcaster.fromVersion, upcaster);
    byType.set(upcaster.type, chain);
  }
  for (const [type, chain] of byType) {
    for (let version = 1; version <= chain.size; version++) {
      if (!chain.has(version)) throw new Error(`The upcasters of ${type} miss version ${version}`);
    }
  }

  return {
    currentVersion: (type) => (byType.get(type)?.size ?? 0) + 1,
    upcast(event) {
      const chain = byType.get(event.type);
      if (chain === undefined) return event;
      let current = event;
      // A version above the newest known (written by a newer server during a rolling deploy) has no
      // upcaster and passes through unchanged; readers see its schemaVersion.
      for (let step = chain.get(current.schemaVersion); step !== undefined; ) {
        current = {
          ...current,
          data: step.upcast(current.data, current),
          schemaVersion: step.fromVersion + 1,
        };
        step = chain.get(current.schemaVersion);
      }
      return current;
    },
  };
}

/** The registry of a log whose event shapes never changed. */
export const noUpcasters: UpcasterRegistry = createUpcasterRegistry([]);
