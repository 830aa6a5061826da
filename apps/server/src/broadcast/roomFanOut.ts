// Sends one command to each room of an event, side by side, under a command id made from the request
// (`<kind>-<request>-room-<id>`), as endSessions.ts closes an event's rooms: a retry of the request is
// answered by each room with its first outcome, so nothing is doubled, and a room that could not be
// reached gets it on the retry. One room's failure never stops the others: each room's outcome is said.
import type { BroadcastRoomOutcome, RoomActor, RoomCommand } from '@lablive/domain';
import type { RoomService } from '../rooms/roomService.ts';
import type { BroadcastRoom } from './broadcastStaff.ts';

/**
 * Refusals that mean the room already is as asked: a retry after the first answer was lost, or a banner
 * cleared where none is shown.
 */
const ALREADY_THERE = new Set(['duplicate_id', 'already_recalled', 'no_banner']);

export async function sendToEveryRoom(
  rooms: RoomService,
  request: {
    rooms: readonly BroadcastRoom[];
    actor: RoomActor;
    commandKey: string;
    command: (room: BroadcastRoom) => RoomCommand;
    correlationId: string;
  },
): Promise<BroadcastRoomOutcome[]> {
  return Promise.all(
    request.rooms.map(async (room): Promise<BroadcastRoomOutcome> => {
      try {
        const outcome = await rooms.execute({
          roomId: room.id,
          commandId: `${request.commandKey}-room-${room.id}`,
          actor: request.actor,
          command: request.command(room),
          correlationId: request.correlationId,
        });
        const delivered = outcome.ok || ALREADY_THERE.has(outcome.code);
        return {
          room_id: room.id,
          name: room.name,
          delivered,
          code: delivered || outcome.ok ? null : outcome.code,
        };
      } catch {
        // The room's host could not be reached (the room service retried already): said, not thrown.
        return { room_id: room.id, name: room.name, delivered: false, code: 'room_unavailable' };
      }
    }),
  );
}
