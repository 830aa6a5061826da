// Broadcast to every room of an event, and breakouts with a timer (issue 33, part 4). Staff who run an
// event send each of its rooms the same command (the server fans them out, apps/server/src/broadcast/):
// an announcement shown in the chat, a banner on top of the room until cleared or expired, a breakout
// timer counting down to a recall, and the recall itself, which sends everyone to one room. Each room
// decides and logs its own copy, so its statistics, replay and audit trail see it.
//
// The sender is recorded by their participation in the event and their account, not by name: staff
// names in the log would have to be sealed (docs/adr/0008), and the rooms show "the event's staff".
import { z } from 'zod';
import { text } from '../shared/text.ts';

export const BROADCAST_LIMITS = {
  announcementText: 500,
  bannerText: 200,
  /** A banner expires at the latest this many minutes after it is set. */
  bannerMinutes: 24 * 60,
  /** A breakout lasts from a minute to four hours. */
  breakoutMinutes: 240,
} as const;

const broadcastId = text().min(1).max(100);
const at = z.iso.datetime({ offset: true });
const roomId = z.number().int().positive();
const roomName = text().max(200);

/** The commands the server sends each room of the event; never from a room's socket. */
export const BROADCAST_COMMANDS = [
  z.strictObject({
    type: z.literal('BroadcastAnnouncement'),
    data: z.strictObject({
      announcementId: broadcastId,
      text: text().trim().min(1).max(BROADCAST_LIMITS.announcementText),
    }),
  }),
  z.strictObject({
    type: z.literal('SetBanner'),
    data: z.strictObject({
      bannerId: broadcastId,
      text: text().trim().min(1).max(BROADCAST_LIMITS.bannerText),
      expiresAt: at.nullable(),
    }),
  }),
  z.strictObject({ type: z.literal('ClearBanner'), data: z.strictObject({ bannerId: broadcastId }) }),
  z.strictObject({
    type: z.literal('StartBreakoutTimer'),
    data: z.strictObject({
      breakoutId: broadcastId,
      endsAt: at,
      targetRoomId: roomId,
      targetRoomName: roomName,
    }),
  }),
  z.strictObject({
    type: z.literal('RecallToRoom'),
    data: z.strictObject({
      breakoutId: broadcastId,
      targetRoomId: roomId,
      targetRoomName: roomName,
      /** Sent by the breakout's timer: refused once that breakout was recalled or replaced. */
      due: z.boolean(),
    }),
  }),
] as const;

export const BROADCAST_COMMAND_TYPES = [
  'BroadcastAnnouncement',
  'SetBanner',
  'ClearBanner',
  'StartBreakoutTimer',
  'RecallToRoom',
] as const;
export type BroadcastCommandType = (typeof BROADCAST_COMMAND_TYPES)[number];

export function isBroadcastCommand(command: { type: string }): boolean {
  return (BROADCAST_COMMAND_TYPES as readonly string[]).includes(command.type);
}

const sender = { by: z.number().int(), byUserId: z.number().int().nullable() };

export const BROADCAST_EVENTS = [
  z.object({
    type: z.literal('AnnouncementBroadcast'),
    data: z.object({
      announcementId: z.string(),
      text: z.string(),
      /** The room's session it was sent in (0 before the first). */
      session: z.number().int().nonnegative(),
      ...sender,
      at,
    }),
  }),
  z.object({
    type: z.literal('BannerSet'),
    data: z.object({ bannerId: z.string(), text: z.string(), expiresAt: at.nullable(), ...sender, at }),
  }),
  z.object({ type: z.literal('BannerCleared'), data: z.object({ bannerId: z.string(), ...sender, at }) }),
  z.object({
    type: z.literal('BreakoutTimerStarted'),
    data: z.object({
      breakoutId: z.string(),
      endsAt: at,
      targetRoomId: z.number().int(),
      targetRoomName: z.string(),
      ...sender,
      at,
    }),
  }),
  z.object({
    type: z.literal('RecalledToRoom'),
    data: z.object({
      breakoutId: z.string(),
      targetRoomId: z.number().int(),
      targetRoomName: z.string(),
      ...sender,
      at,
    }),
  }),
] as const;

/** An announcement as the room keeps it: `session` is the room's session it was sent in (0 before any). */
export type Announcement = { id: string; text: string; session: number; at: string };
export type Banner = { id: string; text: string; expiresAt: string | null; at: string };
export type Breakout = {
  id: string;
  /** Null for a recall without a timer ("bring everyone back now" before any was started). */
  endsAt: string | null;
  targetRoomId: number;
  targetRoomName: string;
  recalledAt: string | null;
};

/** What the event's staff told this room: its announcements, its banner, its breakout. */
export type RoomBroadcast = {
  /** The latest ANNOUNCEMENTS_KEPT, oldest first (the log keeps all; staff send a few per event). */
  announcements: readonly Announcement[];
  banner: Banner | null;
  breakout: Breakout | null;
};

export const ANNOUNCEMENTS_KEPT = 200;

export const emptyRoomBroadcast: RoomBroadcast = { announcements: [], banner: null, breakout: null };

/** The banner as a reader sees it at `now`: none once it expired. */
export function bannerShownAt(banner: Banner | null, now: string | number): Banner | null {
  if (banner === null || banner.expiresAt === null) return banner;
  const instant = typeof now === 'number' ? now : Date.parse(now);
  return Date.parse(banner.expiresAt) > instant ? banner : null;
}

/** Whole seconds left before the breakout's end at `now` (0 once due); null without a running timer. */
export function breakoutSecondsLeft(breakout: Breakout | null, now: number): number | null {
  if (breakout === null || breakout.endsAt === null || breakout.recalledAt !== null) return null;
  return Math.max(0, Math.ceil((Date.parse(breakout.endsAt) - now) / 1000));
}
