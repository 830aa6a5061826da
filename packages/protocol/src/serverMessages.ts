// What the server sends on the room socket. The client parses these with the same schemas.
import { type RoomState, sessionEventSchema } from '@lablive/domain';
import { z } from 'zod';
import { SIGNAL_KINDS } from './clientMessages.ts';

const roomId = z.number().int().positive();

/** A session event as a client receives it: its stream version and when it was stored. */
export const deliveredEventSchema = z.object({
  version: z.number().int().positive(),
  occurredAt: z.string(),
  event: sessionEventSchema,
});
export type DeliveredEvent = z.infer<typeof deliveredEventSchema>;

/** The room state is sent as it is folded by the domain; clients trust the server for its shape. */
const roomStateSchema = z.custom<RoomState>((value) => typeof value === 'object' && value !== null);

/** A knock's answers: waiting, then admitted or refused. */
export const LOBBY_STATUSES = ['waiting', 'admitted', 'refused'] as const;
export type LobbyStatus = (typeof LOBBY_STATUSES)[number];

export const serverMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('authenticated'),
    protocolVersion: z.number().int(),
    participant: z.object({ kind: z.enum(['user', 'guest']), id: z.number() }),
  }),
  /** After a join without lastVersion: the whole room as this participant may see it. */
  z.object({
    type: z.literal('welcome'),
    roomId,
    version: z.number().int().nonnegative(),
    participantId: z.number(),
    role: z.string(),
    state: roomStateSchema,
  }),
  /** After a join with lastVersion: `events` frames with what was missed follow, then live ones. */
  z.object({
    type: z.literal('resumed'),
    roomId,
    fromVersion: z.number().int().nonnegative(),
    participantId: z.number(),
    role: z.string(),
  }),
  z.object({ type: z.literal('events'), roomId, events: z.array(deliveredEventSchema) }),
  z.object({ type: z.literal('ack'), commandId: z.string(), version: z.number().int().nonnegative() }),
  z.object({ type: z.literal('rejected'), commandId: z.string(), code: z.string(), message: z.string() }),
  z.object({
    type: z.literal('signal'),
    roomId,
    from: z.number(),
    kind: z.enum(SIGNAL_KINDS),
    payload: z.unknown(),
  }),
  /** The answer to a `media` request: its result, or why it was refused (MEDIA_ERRORS or the gateway's). */
  z.object({
    type: z.literal('media-reply'),
    requestId: z.string(),
    result: z.unknown().optional(),
    error: z.object({ code: z.string(), message: z.string() }).optional(),
  }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string(), ref: z.string().optional() }),
  z.object({
    type: z.literal('incompatible'),
    reason: z.string(),
    serverVersion: z.number().int(),
  }),
  z.object({ type: z.literal('pong'), at: z.number(), serverTime: z.number() }),
  /**
   * Where a knock stands (issue 33, part 2): waiting for a host, admitted (join now), or refused with the
   * room's code (`not_admitted` when a host denied it, `room_locked`, `removed_from_session`...).
   */
  z.object({
    type: z.literal('lobby'),
    roomId,
    status: z.enum(LOBBY_STATUSES),
    code: z.string().optional(),
    message: z.string().optional(),
  }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
export type ServerMessageOf<T extends ServerMessage['type']> = Extract<ServerMessage, { type: T }>;

/**
 * The gateway coalesces frames per socket per event-loop turn: one WebSocket message may carry a JSON
 * array of server messages. Clients accept both a single message and an array.
 */
export const serverFrameSchema = z.union([serverMessageSchema, z.array(serverMessageSchema)]);
