// The REST calls that broadcast to every room of a running event (issue 33, part 4; rooms/broadcast.ts):
// an announcement, a banner set or cleared, breakouts with a timer and the recall. Each request names
// itself (`request_id`, chosen by the caller): sending it again reaches the rooms that missed it and
// doubles nothing. The answer says which rooms got it.
import { z } from 'zod';
import { BROADCAST_LIMITS } from '../rooms/broadcast.ts';
import { text } from '../shared/text.ts';

const requestId = text().trim().min(1).max(64);
const roomId = z.number().int().positive();

export const announcementRequestSchema = z.strictObject({
  request_id: requestId,
  text: text().trim().min(1).max(BROADCAST_LIMITS.announcementText),
});
export type AnnouncementRequest = z.infer<typeof announcementRequestSchema>;

export const bannerRequestSchema = z.strictObject({
  request_id: requestId,
  text: text().trim().min(1).max(BROADCAST_LIMITS.bannerText),
  /** Minutes it stays; null: until staff clear it. */
  minutes: z.number().int().min(1).max(BROADCAST_LIMITS.bannerMinutes).nullable(),
});
export type BannerRequest = z.infer<typeof bannerRequestSchema>;

export const clearBannerRequestSchema = z.strictObject({ request_id: requestId });
export type ClearBannerRequest = z.infer<typeof clearBannerRequestSchema>;

export const breakoutRequestSchema = z.strictObject({
  request_id: requestId,
  minutes: z.number().int().min(1).max(BROADCAST_LIMITS.breakoutMinutes),
  /** Where everyone comes back to: a room of the event. */
  target_room_id: roomId,
});
export type BreakoutRequest = z.infer<typeof breakoutRequestSchema>;

export const recallRequestSchema = z.strictObject({
  request_id: requestId,
  target_room_id: roomId,
  /** The running breakout this recall ends early, when there is one. */
  breakout_id: requestId.optional(),
});
export type RecallRequest = z.infer<typeof recallRequestSchema>;

/** One room's outcome: delivered, or the room's refusal code (`room_unavailable` when unreachable). */
export const broadcastRoomOutcomeSchema = z.object({
  room_id: z.number().int(),
  name: z.string(),
  delivered: z.boolean(),
  code: z.string().nullable(),
});
export type BroadcastRoomOutcome = z.infer<typeof broadcastRoomOutcomeSchema>;

export const broadcastResponseSchema = z.object({ rooms: z.array(broadcastRoomOutcomeSchema) });
export type BroadcastResponse = z.infer<typeof broadcastResponseSchema>;

export const breakoutResponseSchema = broadcastResponseSchema.extend({
  breakout_id: z.string(),
  ends_at: z.string(),
});
export type BreakoutResponse = z.infer<typeof breakoutResponseSchema>;
