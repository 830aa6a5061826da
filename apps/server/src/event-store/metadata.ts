// The metadata every session event carries, as one zod schema: parsed when an event is appended and
// again when it is read back, so a malformed row is reported where it is, never passed on.
import { z } from 'zod';

export const sessionEventActorSchema = z.object({
  participantId: z.number().int().positive().optional(),
  userId: z.number().int().positive().optional(),
  role: z.string().min(1).optional(),
});
/** Who caused an event. Absent for events the system raises on its own (a timer closing a session). */
export type SessionEventActor = z.infer<typeof sessionEventActorSchema>;

/**
 * `labId` is the one required field: every read model is scoped to a lab (consumption per lab,
 * stats), and carrying it spares every projection a join back to rooms.
 */
export const sessionEventMetadataSchema = z.object({
  labId: z.number().int().positive(),
  actor: sessionEventActorSchema.optional(),
  /** The first request of the chain this event belongs to (one user action, several commands). */
  correlationId: z.string().min(1).optional(),
  /** The command (or event) that directly caused this one. */
  causationId: z.string().min(1).optional(),
});
export type SessionEventMetadata = z.infer<typeof sessionEventMetadataSchema>;
