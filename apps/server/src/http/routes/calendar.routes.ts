// The calendar page's calls (back-office spec 2.13 and 7, issue 16), public but each checked against
// the calendar link's key (calendar/calendarLink.ts):
// - GET /api/participants/calendar?event=&participant=&key=: the guest, their event, and for the staff
//   the rooms to pick from and (admins, public events) the public link;
// - POST /api/participants/calendar/add-event { event, participant, key }: the calendar file (.ics);
//   without the key, the back office's call (back-office spec, section 7: "takes event and participant"),
//   for staff who may change the event, signed in: the guest is mailed their calendar entry with their
//   invitation (invitations/invitationService.ts addToCalendar), and the invitation is answered;
// - POST /api/participants/calendar/join { event, participant, key }: a fresh personal link;
//   these two hand out a sign-in link each: rate-limited per client address and per calendar link;
// - PUT /api/participants/calendar/room { event, participant, key, room_id }: the staff's room.
import {
  addEventToCalendarSchema,
  calendarLinkQuerySchema,
  calendarLinkSchema,
  calendarPageSchema,
  calendarRoomRequestSchema,
  createdEventInvitationSchema,
  noContentSchema,
} from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Authenticator } from '../../auth/authentication.ts';
import type { CalendarPageService } from '../../calendar/calendarPage.ts';
import type { InvitationService } from '../../invitations/invitationService.ts';
import { publicRoutes } from '../routeDeclarations.ts';

export async function calendarRoutes(
  instance: FastifyInstance,
  options: {
    page: CalendarPageService;
    invitations: InvitationService;
    authenticator: Authenticator;
    perAddressPerMinute: number;
  },
) {
  const { page } = options;
  const route = publicRoutes(instance);
  // The calls that hand out a sign-in link are slowed per client address, as the sign-in calls are (and
  // per calendar link by the page service).
  const throttled = publicRoutes(instance, {
    rateLimit: { max: options.perAddressPerMinute, timeWindow: 60_000 },
  });

  route.get(
    '/participants/calendar',
    { querystring: calendarLinkQuerySchema, response: { 200: calendarPageSchema } },
    (request) => page.page(request.query),
  );

  throttled.post(
    '/participants/calendar/add-event',
    {
      description:
        "Adds the event to a guest's calendar. With the calendar link's key (the calendar page, no sign-in): answers the guest's calendar file. Without it (the back office, spec section 7), for staff who may change the event, with their Bearer token: mails the guest their calendar entry (METHOD:REQUEST, the same UID as in their other mails) with their invitation, in the role and room they hold, and answers that invitation.",
      security: [{}, { bearer: [] }],
      body: addEventToCalendarSchema,
      response: {
        200: z.union([
          z.string().describe('The calendar file (text/calendar, RFC 5545): the call with a key'),
          createdEventInvitationSchema.describe(
            "The guest's new invitation, its mail queued: the staff's call",
          ),
        ]),
      },
    },
    async (request, reply) => {
      const { body } = request;
      if (!('key' in body)) {
        const caller = await options.authenticator.authenticate(request);
        const { invitation, mailed } = await options.invitations.addToCalendar(caller, body, request.log);
        return { ...invitation, mailed };
      }
      const file = await page.file(body);
      reply
        .header('content-type', 'text/calendar; charset=utf-8; method=REQUEST')
        .header('content-disposition', `attachment; filename="${file.slug}.ics"`);
      return file.content;
    },
  );

  throttled.post(
    '/participants/calendar/join',
    { body: calendarLinkSchema, response: { 200: z.object({ url: z.string() }) } },
    async (request) => ({ url: await page.personalLink(request.body) }),
  );

  route.put(
    '/participants/calendar/room',
    { body: calendarRoomRequestSchema, response: { 204: noContentSchema } },
    (request) => page.chooseRoom(request.body),
  );
}
