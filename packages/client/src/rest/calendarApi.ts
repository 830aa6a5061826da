// The calendar page's calls (back-office spec 2.13): no sign-in, the calendar link's key instead.
import { type CalendarLink, calendarPageSchema } from '@lablive/domain';
import { z } from 'zod';
import type { RequestOptions, Transport } from './httpTransport.ts';

export function createCalendarApi(transport: Transport) {
  return {
    page: (link: CalendarLink, { signal }: RequestOptions = {}) => {
      const query = new URLSearchParams({
        event: String(link.event),
        participant: String(link.participant),
        key: link.key,
      });
      return transport.json(
        { method: 'GET', path: `/api/participants/calendar?${query.toString()}`, auth: false, signal },
        calendarPageSchema,
      );
    },
    /** The guest's calendar file (.ics). */
    file: (link: CalendarLink, { signal }: RequestOptions = {}) =>
      transport.blob({
        method: 'POST',
        path: '/api/participants/calendar/add-event',
        body: link,
        auth: false,
        signal,
      }),
    /** A fresh personal link into the event. */
    join: (link: CalendarLink, { signal }: RequestOptions = {}) =>
      transport.json(
        { method: 'POST', path: '/api/participants/calendar/join', body: link, auth: false, signal },
        z.object({ url: z.string() }),
      ),
    chooseRoom: (link: CalendarLink, roomId: number, { signal }: RequestOptions = {}) =>
      transport.noContent({
        method: 'PUT',
        path: '/api/participants/calendar/room',
        body: { ...link, room_id: roomId },
        auth: false,
        signal,
      }),
  };
}

export type CalendarApi = ReturnType<typeof createCalendarApi>;
