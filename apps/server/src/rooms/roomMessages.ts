// The shapes rooms exchange over the bus between instances. Instances of different versions may share a
// bus during a deploy, so every message carries the fingerprint of the shapes its writer was built
// with: a message from an instance of the same shapes was written from typed values and is only decoded,
// one from any other (or with no fingerprint) is parsed with the schemas like any other input. Parsing
// every batch again on every instance took a third to a half of the time from its arrival to its first
// socket write (docs/operations.md, "What it costs").
import { createHash } from 'node:crypto';
import { EVENT_ROLES, roomCommandSchema } from '@lablive/domain';
import { deliveredEventSchema } from '@lablive/protocol';
import { z } from 'zod';
import { decodeJson, encodeJson } from '../bus/index.ts';
import type { CommandEnvelope, CommandOutcome, RoomEventBatch, RoomSnapshot } from './roomService.ts';

const envelopeSchema = z.object({
  roomId: z.number().int().positive(),
  commandId: z.string().min(1).max(100),
  actor: z.object({
    // 0 for staff acting from the back office (BACK_OFFICE_PARTICIPANT_ID).
    participantId: z.number().int().nonnegative(),
    userId: z.number().int().positive().nullable(),
    role: z.enum(EVENT_ROLES),
    name: z.string(),
    email: z.string(),
    recalled: z.literal(true).optional(),
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

/** The shapes this build writes, as JSON Schema, hashed: equal for instances that agree on every shape. */
export const WIRE_FINGERPRINT = createHash('sha256')
  .update(
    JSON.stringify(
      [envelopeSchema, outcomeSchema, batchSchema, snapshotSchema].map((schema) =>
        z.toJSONSchema(schema, { unrepresentable: 'any' }),
      ),
    ),
  )
  .digest('base64url')
  .slice(0, 16);

type Message = CommandEnvelope | CommandOutcome | RoomEventBatch | RoomSnapshot;

function decode<T>(schema: z.ZodType<T>, bytes: Uint8Array): T {
  const value = decodeJson(bytes);
  if (typeof value === 'object' && value !== null && 'wire' in value && value.wire === WIRE_FINGERPRINT) {
    const { wire: _, ...message } = value;
    return message as T;
  }
  // Unknown keys, the fingerprint among them, are dropped by the schema.
  return schema.parse(value);
}

export const roomCodec = {
  encode: (value: Message) => encodeJson({ wire: WIRE_FINGERPRINT, ...value }),
  envelope: (bytes: Uint8Array): CommandEnvelope => decode(envelopeSchema, bytes),
  outcome: (bytes: Uint8Array): CommandOutcome => decode(outcomeSchema, bytes),
  batch: (bytes: Uint8Array): RoomEventBatch => decode(batchSchema, bytes),
  snapshot: (bytes: Uint8Array): RoomSnapshot => decode(snapshotSchema, bytes),
};
