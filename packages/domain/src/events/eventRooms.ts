// The rooms of an event as the REST calls show them (live-room spec, sections 3 and 7): the room list
// and the automatic distribution, a room's data, and the room token that opens the video session with
// the provider the server runs (OpenTok, or the browser mesh signalled over our WebSocket).
import { z } from 'zod';
import { EVENT_ROLES } from '../auth/access.ts';
import { MESSAGES } from '../auth/messages.ts';
import { hasNoControlCharacters } from '../documents/documents.ts';
import { pollSchema } from '../polls/pollRequests.ts';
import { text } from '../shared/text.ts';

export const eventRoomSchema = z.object({
  id: z.number(),
  name: z.string(),
  event_id: z.number(),
  active_modules: z.array(z.string()),
  /** Participations placed in this room (assigned, not necessarily online). */
  participantCount: z.number(),
  /** People in the room now (the room's live state). */
  onlineCount: z.number(),
});
export type EventRoom = z.infer<typeof eventRoomSchema>;

/**
 * A room keeps the name it is given, `Room n`, until staff rename it; that default is stored in English
 * and each reader sees it in their language ("Salle 2", "Raum 2"), so this tells it apart.
 */
export const defaultRoomName = (number: number) => `Room ${number}`;

/** The number of a room still named by default, null for a name staff gave it. */
export function defaultRoomNumber(name: string): number | null {
  const found = /^Room (\d+)$/.exec(name);
  return found ? Number(found[1]) : null;
}

export const ROOM_NAME_MAX_LENGTH = 100;

/** PUT events/{id}/rooms/{roomId}: a room's new name, as its people will read it. */
export const renameRoomRequestSchema = z.strictObject({
  name: text({ error: MESSAGES.fieldRequired })
    .trim()
    .min(1, { error: MESSAGES.fieldRequired })
    .max(ROOM_NAME_MAX_LENGTH, { error: `must be at most ${ROOM_NAME_MAX_LENGTH} characters` })
    .refine(hasNoControlCharacters, { error: 'must be a single line of text' }),
});
export type RenameRoomRequest = z.infer<typeof renameRoomRequestSchema>;

export const joinRoomResponseSchema = z.object({ id: z.number() });

/** One entry of RTCConfiguration.iceServers, as the browser takes it. */
export const iceServerSchema = z.strictObject({
  urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

export const roomMediaSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  build_path: z.string().nullable(),
  build_compression: z.string().nullable(),
  canvas_width: z.number(),
  canvas_height: z.number(),
  full_canvas: z.boolean(),
  thumbnail: z.object({ url: z.string() }).nullable(),
});
export type RoomMedia = z.infer<typeof roomMediaSchema>;

export const roomParticipationSchema = z.object({ id: z.number(), role: z.enum(EVENT_ROLES) });

/**
 * Where the room's sessions are, for the waiting room: a guest joins a started (or not yet started)
 * session; between two sessions they wait for the next; once the event is closed (`closed`), nobody
 * joins again.
 */
export const roomSessionStatusSchema = z.object({
  status: z.enum(['not_started', 'started', 'ended']),
  number: z.number().int().nonnegative(),
  closed: z.boolean(),
});
export type RoomSessionStatus = z.infer<typeof roomSessionStatusSchema>;

export const roomDataSchema = z.object({
  id: z.number(),
  event_id: z.number(),
  lab_id: z.number(),
  name: z.string(),
  opentok_session_id: z.string().nullable(),
  active_modules: z.array(z.string()),
  medias: z.array(roomMediaSchema),
  polls: z.array(pollSchema),
  participation: roomParticipationSchema,
  session: roomSessionStatusSchema,
  /** The event makes its guests wait in the lobby (a host of the room admits them): the waiting room knocks. */
  lobby: z.boolean(),
});
export type RoomData = z.infer<typeof roomDataSchema>;

const sessionCommon = { sessionName: z.string(), datetime: z.string() };

export const roomSessionSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('mesh'), ...sessionCommon, iceServers: z.array(iceServerSchema) }),
  /**
   * The server's selective forwarding unit (Janus), signalled through the room socket's `media`
   * requests. `mayPublish` says what the server will allow this participant (the screen hides the
   * camera and microphone otherwise); the server refuses a publish it does not allow whatever it says.
   */
  z.object({
    provider: z.literal('janus'),
    ...sessionCommon,
    iceServers: z.array(iceServerSchema),
    mayPublish: z.boolean(),
  }),
  z.object({
    provider: z.literal('opentok'),
    ...sessionCommon,
    apiKey: z.string(),
    sessionId: z.string(),
    sessionToken: z.string(),
  }),
]);
export type RoomSession = z.infer<typeof roomSessionSchema>;

export const roomTokenResponseSchema = z.object({
  medias: z.array(roomMediaSchema),
  polls: z.array(pollSchema),
  activeModules: z.array(z.string()),
  labLogoUrl: z.string().nullable(),
  session: roomSessionSchema,
  participation: roomParticipationSchema,
  /** The room's name, for the screen to say where its people are. */
  roomName: z.string(),
  /** The public event's link (its last segment, `/{slug}`), for staff to hand out; null otherwise. */
  publicSlug: z.string().nullable(),
});
export type RoomTokenResponse = z.infer<typeof roomTokenResponseSchema>;

/** The live-room spec's own words when the video provider cannot be reached (section 8). */
export const AUTHENTICATION_KEY_FAILED = 'An error occurred while creating the authentication key';

/** Which of the caller's connections leave; without one (or without a body), all of them. */
export const leaveRoomRequestSchema = z.object({ connectionId: text().min(1).max(100).optional() }).nullish();
