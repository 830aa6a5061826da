// What a client may send on the room socket. Every message is parsed with these schemas at the
// gateway; anything else is answered with an error code and dropped.
import { clientRoomCommandSchema, text } from '@lablive/domain';
import { z } from 'zod';
import { PROTOCOL_LIMITS } from './limits.ts';
import { mediaRequestSchema } from './mediaMessages.ts';

const roomId = z.number().int().positive();

export const SIGNAL_KINDS = [
  'webrtc-offer',
  'webrtc-answer',
  'webrtc-ice',
  'audio-level',
  'media-state',
  // Sent by the server only (a client's is refused): a feed appeared at or left the media server, and
  // the room's media server was lost (publish and subscribe again: another carries the room now).
  'media-feed',
  'media-reset',
] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];
/** Signals only the server sends: they carry what the server decided, so no client may forge them. */
export const SERVER_SIGNAL_KINDS: readonly SignalKind[] = ['media-feed', 'media-reset'];

/** What a client's problem report is about. */
export const REPORT_KINDS = ['video', 'connection', 'device'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const clientMessageSchema = z.discriminatedUnion('type', [
  /** First message: who is speaking (the access token) and which protocol. */
  z.strictObject({
    type: z.literal('hello'),
    protocolVersion: z.number().int(),
    token: z.string().min(1).max(4096),
  }),
  /**
   * Enter a room. `lastVersion` is the last stream version this client saw: given, the server sends
   * what came after it (a resume); absent, it sends the whole room state (`welcome`).
   */
  z.strictObject({
    type: z.literal('join'),
    roomId,
    lastVersion: z.number().int().nonnegative().nullable().optional(),
    connectionId: z.string().min(1).max(100),
  }),
  /** A room command; `commandId` (chosen by the client) makes a retry after a lost ack safe. */
  z.strictObject({
    type: z.literal('command'),
    roomId,
    commandId: z.uuid(),
    command: clientRoomCommandSchema,
  }),
  /** An ephemeral signal relayed to one participant (`to`) or the whole room, never stored. */
  z.strictObject({
    type: z.literal('signal'),
    roomId,
    to: z.number().int().positive().nullable(),
    kind: z.enum(SIGNAL_KINDS),
    payload: z.unknown(),
  }),
  /** A media request to the server's SFU (provider `janus`), answered by a `media-reply` of the same id. */
  z.strictObject({
    type: z.literal('media'),
    roomId,
    requestId: z.string().min(1).max(100),
    request: mediaRequestSchema,
  }),
  /**
   * Knock at a room whose event keeps its guests in the lobby (issue 33, part 2), from outside it: the
   * server answers `lobby` (waiting, then admitted or refused). Closing the socket while waiting gives up.
   */
  z.strictObject({ type: z.literal('knock'), roomId }),
  z.strictObject({ type: z.literal('ping'), at: z.number() }),
  /**
   * A problem the client met (its video session, its connection) for the server's log, with the room
   * and the participant: support sees it there instead of in one person's browser console. Rate-limited;
   * never answered.
   */
  z.strictObject({
    type: z.literal('report'),
    roomId,
    kind: z.enum(REPORT_KINDS),
    message: text().max(PROTOCOL_LIMITS.reportMessage),
  }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;
export type ClientMessageType = ClientMessage['type'];
export const CLIENT_MESSAGE_TYPES: readonly ClientMessageType[] = clientMessageSchema.options.map(
  (option) => option.shape.type.value,
);
