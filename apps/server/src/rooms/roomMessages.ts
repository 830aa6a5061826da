// The shapes rooms exchange over the bus between instances, parsed on arrival like any other input:
// instances of different versions may share a bus during a deploy.
import { EVENT_ROLES, roomCommandSchema } from '@lablive/domain';
import { deliveredEventSchema } from '@lablive/protocol';
import { z } from 'zod';
import { decodeJson, encodeJson } from '../bus/index.ts';
import type { CommandEnvelope, CommandOutcome, RoomEventBatch, RoomSnapshot } from './roomService.ts';

const envelopeSchema = z.object({
  roomId: z.number().int().positive(),
  commandId: z.string().min(1).max(100),
  actor: z.object({
    participantId: z.number().int().positive(),
    userId: z.number().int().positive().nullable(),
    role: z.enum(EVENT_ROLES),
    name: z.string(),
    email: z.string(),
  }),
  command: roomCommandSchema,
  correlationId: z.string().optional(),
});

const outcomeSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    commandId: z.string(),
    version: z.number().int().nonnegative(),
    events: z.array(deliveredEventSchema),
  }),
  z.object({ ok: z.literal(false), commandId: z.string(), code: z.string(), message: z.string() }),
]);

const batchSchema = z.object({
  roomId: z.number().int().positive(),
  events: z.array(deliveredEventSchema),
  committedAt: z.number().optional(),
});

const snapshotSchema = z.object({
  version: z.number().int().nonnegative(),
  // The state is folded by the same domain code on both sides; only its envelope is checked here.
  state: z.custom<RoomSnapshot['state']>((value) => typeof value === 'object' && value !== null),
});

export const roomCodec = {
  encode: (value: CommandEnvelope | CommandOutcome | RoomEventBatch | RoomSnapshot) => encodeJson(value),
  envelope: (bytes: Uint8Array): CommandEnvelope => envelopeSchema.parse(decodeJson(bytes)),
  outcome: (bytes: Uint8Array): CommandOutcome => outcomeSchema.parse(decodeJson(bytes)),
  batch: (bytes: Uint8Array): RoomEventBatch => batchSchema.parse(decodeJson(bytes)),
  snapshot: (bytes: Uint8Array): RoomSnapshot => snapshotSchema.parse(decodeJson(bytes)),
};
