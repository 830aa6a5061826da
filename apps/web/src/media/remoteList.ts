// The list MediaSession.remotes() returns, kept as the same array while nothing in it changed, so a
// component reading it with useSyncExternalStore renders only on real changes.
import type { RemoteMedia } from './mediaSession.ts';

export function sameRemotes(a: readonly RemoteMedia[], b: readonly RemoteMedia[]): boolean {
  return (
    a.length === b.length &&
    a.every((entry, index) => {
      const other = b[index];
      return (
        other !== undefined &&
        entry.participantId === other.participantId &&
        entry.stream === other.stream &&
        entry.screen === other.screen
      );
    })
  );
}

/** The previous list when equal, otherwise the next one, frozen. */
export function nextRemotes(previous: readonly RemoteMedia[], next: RemoteMedia[]): readonly RemoteMedia[] {
  return sameRemotes(previous, next) ? previous : Object.freeze(next);
}
