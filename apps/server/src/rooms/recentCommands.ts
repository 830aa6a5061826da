// The commands a room host answered lately, by key, so a retry (a lost acknowledgement) is answered
// as the first one was and appended nothing. Bounded: the oldest is forgotten first.
import type { RecentCommand } from './roomStateStore.ts';

export type RecentCommands = {
  readonly byKey: ReadonlyMap<string, RecentCommand>;
  remember(entry: RecentCommand): void;
};

export function createRecentCommands(loaded: readonly RecentCommand[], capacity: number): RecentCommands {
  const byKey = new Map<string, RecentCommand>(loaded.map((entry) => [entry.key, entry]));
  // Oldest first, in a ring: asking a Map for its first key after many deletions walks over every
  // deleted slot, which made this the host's hottest line.
  const remembered: string[] = [...byKey.keys()].slice(-capacity);
  let oldestRemembered = 0;
  return {
    byKey,
    remember(entry) {
      if (!byKey.has(entry.key)) {
        if (remembered.length < capacity) remembered.push(entry.key);
        else {
          byKey.delete(remembered[oldestRemembered] ?? '');
          remembered[oldestRemembered] = entry.key;
          oldestRemembered = (oldestRemembered + 1) % capacity;
        }
      }
      byKey.set(entry.key, entry);
    },
  };
}
