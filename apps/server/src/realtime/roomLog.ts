// The one reader of a room's stream for its sockets: a resuming socket's catch-up and a live socket's
// gap both read here, through the fan-out, which shares each page among the sockets that need it.
import { roomStreamId } from '@lablive/domain';
import type { DeliveredEvent } from '@lablive/protocol';
import type { Db } from '../db/connection.ts';
import { readStream, toDelivered } from '../event-store/index.ts';

export type RoomLog = {
  /** One page of the room's stream from `fromVersion`, at most `limit` events, in version order. */
  page(roomId: number, fromVersion: number, limit: number): Promise<DeliveredEvent[]>;
};

export function createRoomLog(db: Db): RoomLog {
  return {
    async page(roomId, fromVersion, limit) {
      return (await readStream(db, roomStreamId(roomId), fromVersion, limit)).map(toDelivered);
    },
  };
}
