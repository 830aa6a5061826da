// Presence in a room, as recorded in the room's stream of session events. A participant is online while
// their last presence event in the event's rooms is a join.
import { z } from 'zod';

export const PRESENCE_EVENT_TYPES = { joined: 'ParticipantJoined', left: 'ParticipantLeft' } as const;

export const participantJoinedSchema = z.object({
  participantId: z.number(),
  email: z.string(),
  name: z.string(),
});

export const participantLeftSchema = z.object({
  participantId: z.number(),
  reason: z.string(),
});

export function roomStreamId(roomId: number): string {
  return `room-${roomId}`;
}
