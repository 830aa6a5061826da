// Who knocks at the room's lobby, by name, for its hosts (issue 33, part 2): the room's state says who
// (participant ids, in order), GET rooms/{id}/lobby names them; asked again whenever the list changes.
// A new knock chimes and is announced.
import type { KnockingGuest } from '@lablive/domain';
import { useEffect, useRef, useState } from 'react';
import { useRoom, useRoomState } from '../roomContext.ts';
import { playKnockChime } from './knockChime.ts';

export function useKnockingGuests(): { guests: KnockingGuest[]; arrived: KnockingGuest | null } {
  const { api, roomId } = useRoom();
  const knocking = useRoomState((state) => state.lobby.knocking);
  const [guests, setGuests] = useState<KnockingGuest[]>([]);
  const [arrived, setArrived] = useState<KnockingGuest | null>(null);
  const known = useRef(new Set<number>());

  useEffect(() => {
    if (knocking.length === 0) {
      setGuests([]);
      return;
    }
    const controller = new AbortController();
    api.rooms.lobby(roomId, { signal: controller.signal }).then(
      (named) => {
        setGuests(named);
        const fresh = named.find((guest) => !known.current.has(guest.participantId));
        known.current = new Set(named.map((guest) => guest.participantId));
        if (fresh) {
          setArrived(fresh);
          playKnockChime();
        }
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [api, roomId, knocking]);

  return { guests, arrived };
}
