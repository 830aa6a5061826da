// What the hosts' lobby panel reads over REST (GET /api/rooms/{id}/lobby): who knocks, by name. The
// room's log holds only their participant id (names are personal data, sealed where the log keeps them:
// ADR 0008), so the server names them from the event's participants at the time of asking.
import { z } from 'zod';
import { EVENT_ROLES } from '../auth/access.ts';

export const knockingGuestSchema = z.object({
  participantId: z.number().int(),
  name: z.string(),
  role: z.enum(EVENT_ROLES),
  /** When they knocked (ISO 8601). */
  at: z.string(),
});
export type KnockingGuest = z.infer<typeof knockingGuestSchema>;
