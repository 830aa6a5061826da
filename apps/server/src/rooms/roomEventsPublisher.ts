// Committed events of a room onto the bus (room.<id>.events), for every instance's fan-out.
import type { DeliveredEvent } from '@lablive/protocol';
import type { Bus } from '../bus/index.ts';
import { roomCodec } from './roomMessages.ts';
import type { RoomEventBatch } from './roomService.ts';
import { roomSubjects } from './roomSubjects.ts';

/** Events per bus message: keeps a burst's message under the bus payload limit. */
const PUBLISH_CHUNK = 200;

export function publishRoomEvents(bus: Bus, roomId: number, events: DeliveredEvent[], committedAt?: number) {
  for (let i = 0; i < events.length; i += PUBLISH_CHUNK) {
    const batch: RoomEventBatch = {
      roomId,
      events: events.slice(i, i + PUBLISH_CHUNK),
      ...(committedAt === undefined ? {} : { committedAt }),
    };
    bus.publish(roomSubjects.events(roomId), roomCodec.encode(batch));
  }
}
