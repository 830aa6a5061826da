// Ends the live sessions of rooms from the back office: an event closed (eventService.close) or a lab
// suspended (platform/labAdminService.ts). Each room is sent CloseSession by the person who asked, under a
// command id made from what asked for it, so asking again (after a room could not be reached) ends what
// is left without ending anything twice.
import { backOfficeActor } from '@lablive/domain';
import type { RoomService } from '../rooms/roomService.ts';

export async function endRoomSessions(
  rooms: RoomService,
  request: {
    roomIds: readonly number[];
    /** Who asked: named in the room's log as the one who closed it. */
    by: { id: number; name: string; email: string };
    /** Names the reason in each command's id: `close-event-12`, `suspend-lab-3-<time>`. */
    commandPrefix: string;
    correlationId: string;
  },
): Promise<void> {
  const actor = backOfficeActor(request.by);
  for (const roomId of request.roomIds) {
    const outcome = await rooms.execute({
      roomId,
      commandId: `${request.commandPrefix}-room-${roomId}`,
      actor,
      command: { type: 'CloseSession', data: { closedByUserId: request.by.id } },
      correlationId: request.correlationId,
    });
    // Already ended (by its animator, or an earlier close): nothing more to do.
    if (!outcome.ok && outcome.code !== 'session_ended') {
      throw new Error(`room ${roomId} refused to close: ${outcome.code} ${outcome.message}`);
    }
  }
}
