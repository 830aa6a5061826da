// The calendar page (/my-calendar, back-office spec 2.13 and issue 16): reached from the calendar link
// of a guest's mails (`?calendar&e={event}&i={participant}&k={key}`). The key, made by the server from
// the two ids, stands for the mail: with it the page shows the guest's event, hands out its calendar
// file and, for the event's staff, lets them pick their room. Adding to Google Calendar or Outlook uses
// their "new event" template links, filled by the web app (no account to connect: ADR 0002).
import { z } from 'zod';
import { EVENT_ROLES } from '../auth/access.ts';
import { eventInfoSchema } from '../labs/theme.ts';
import { idSchema } from '../shared/ids.ts';
import { text } from '../shared/text.ts';
import { hasAnyField, unionByFields } from '../shared/unionByFields.ts';

const key = text().min(1).max(100);
const bodyId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** What proves the calendar link: the ids it names and the key the server made for them (a body). */
export const calendarLinkSchema = z.object({ event: bodyId, participant: bodyId, key });
export type CalendarLink = z.infer<typeof calendarLinkSchema>;

/**
 * POST participants/calendar/add-event from the back office (back-office spec, section 7: "takes event
 * and participant"): staff who may change the event add it to a guest's calendar, by mail (the
 * invitation service). No key: the caller's token says who asks.
 */
export const addToGuestCalendarSchema = z
  .strictObject({ event: bodyId, participant: bodyId })
  .meta({ title: "The staff's call: mails the guest their calendar entry (a Bearer token needed)" });
export type AddToGuestCalendar = z.infer<typeof addToGuestCalendarSchema>;

/** POST participants/calendar/add-event: the calendar link's (with its key) or the staff's (without). */
export const addEventToCalendarSchema = unionByFields(
  [
    calendarLinkSchema.meta({ title: "The calendar page's call: answers the calendar file" }),
    addToGuestCalendarSchema,
  ],
  (payload) => (hasAnyField(payload, ['key']) ? calendarLinkSchema : addToGuestCalendarSchema),
);

/** The same, as the query string of GET /api/participants/calendar. */
export const calendarLinkQuerySchema = z.object({ event: idSchema, participant: idSchema, key });

export const calendarPageSchema = z.object({
  participant: z.object({
    id: z.number(),
    name: z.string(),
    role: z.enum(EVENT_ROLES),
    room_id: z.number().nullable(),
    timezone: z.string().nullable(),
  }),
  event: eventInfoSchema.extend({
    /** Rich text, cleaned by the server when it was saved. */
    description: z.string(),
    planned_start_date: z.string(),
    planned_end_date: z.string(),
    default_timezone: z.string(),
    /** Closed or cancelled: nothing to add to a calendar any more. */
    ended: z.boolean(),
  }),
  /** The event's rooms, for the staff who pick theirs (event admins, animators, observers); else empty. */
  rooms: z.array(z.object({ id: z.number(), name: z.string() })),
  /** The public event's link, for the lab's admins to hand out; null for everyone else. */
  publicLink: z.string().nullable(),
});
export type CalendarPage = z.infer<typeof calendarPageSchema>;

export const calendarRoomRequestSchema = calendarLinkSchema.extend({ room_id: bodyId });
export type CalendarRoomRequest = z.infer<typeof calendarRoomRequestSchema>;

/** Who picks their room on the calendar page: the event's staff, not its participants. */
export const picksRoomOnCalendar = (role: (typeof EVENT_ROLES)[number], isEventAdmin: boolean): boolean =>
  isEventAdmin || role !== 'participant';
