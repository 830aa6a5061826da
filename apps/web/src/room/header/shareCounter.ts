// The share panel's notification counter (live-room spec, section 4): it counts the shares since the
// person last opened the panel. The room counts every share (state.shareCount); what this person has
// seen is kept in this browser, per room and participant, so a reload does not count them again.
import type { StorageLike } from '@lablive/client';

/** Shares not seen yet; a room whose count went below what was seen (a new room stream) starts over. */
export function unseenShares(shareCount: number, seen: number): number {
  return shareCount >= seen ? shareCount - seen : shareCount;
}

export const seenSharesKey = (roomId: number, participantId: number) =>
  `lablive.room.${roomId}.${participantId}.seenShares`;

export function readSeenShares(storage: Pick<StorageLike, 'getItem'>, key: string): number {
  const value = Number(storage.getItem(key));
  return Number.isSafeInteger(value) && value >= 0 ? value : 0;
}

export function writeSeenShares(storage: Pick<StorageLike, 'setItem'>, key: string, seen: number): void {
  storage.setItem(key, String(seen));
}
