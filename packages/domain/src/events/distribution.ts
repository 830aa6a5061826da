// Automatic distribution of an event's guests over its rooms (back-office spec, sections 2.3 and 3):
// a new guest goes to the room with the fewest guests, the lowest id on a tie. Deterministic, and it
// only places the newcomer: nobody already placed is moved.

export type RoomLoad = { id: number; participantCount: number };

/** The room for the next guest, or undefined when the event has no room. */
export function leastFilledRoom(rooms: readonly RoomLoad[]): number | undefined {
  let best: RoomLoad | undefined;
  for (const room of rooms) {
    if (
      best === undefined ||
      room.participantCount < best.participantCount ||
      (room.participantCount === best.participantCount && room.id < best.id)
    ) {
      best = room;
    }
  }
  return best?.id;
}
