// The room card of the guest list (back-office spec, section 2.4): each room with its guests (animators
// flagged, the page shows them in bold) and how many invitations went to guests of that room.
import type { EventInvitationView, EventRoom, ParticipantView } from '@lablive/domain';

export type RoomSummary = {
  id: number;
  name: string;
  guests: { id: number; name: string; animator: boolean }[];
  invitationCount: number;
};

export function summariseRooms(
  rooms: readonly EventRoom[],
  guests: readonly ParticipantView[],
  invitations: readonly EventInvitationView[],
): RoomSummary[] {
  return rooms.map((room) => {
    const inRoom = guests.filter((guest) => guest.room_id === room.id);
    const ids = new Set(inRoom.map((guest) => guest.id));
    return {
      id: room.id,
      name: room.name,
      guests: inRoom.map((guest) => ({
        id: guest.id,
        name: guest.name || guest.email,
        animator: guest.role === 'animator' || guest.role === 'observer-animator',
      })),
      invitationCount: invitations.filter((invitation) => ids.has(invitation.participant.id)).length,
    };
  });
}
