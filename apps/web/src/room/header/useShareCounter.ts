// The share panel's counter for this person: shares since they last opened the panel, reset (and kept
// in this browser) whenever the panel is open.
import { useEffect, useState } from 'react';
import { useRoom, useRoomState } from '../roomContext.ts';
import { readSeenShares, seenSharesKey, unseenShares, writeSeenShares } from './shareCounter.ts';

function readStored(key: string): number {
  try {
    return readSeenShares(window.localStorage, key);
  } catch {
    return 0;
  }
}

export function useShareCounter(open: boolean): number {
  const { roomId, me } = useRoom();
  const shareCount = useRoomState((state) => state.shareCount);
  const key = seenSharesKey(roomId, me.participantId);
  const [seen, setSeen] = useState(() => readStored(key));

  useEffect(() => {
    if (!open || seen === shareCount) return;
    setSeen(shareCount);
    try {
      writeSeenShares(window.localStorage, key, shareCount);
    } catch {
      // Storage full or refused: the counter still resets for this visit.
    }
  }, [open, seen, shareCount, key]);

  return open ? 0 : unseenShares(shareCount, seen);
}
