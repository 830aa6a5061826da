// The events resource of the back office: its query keys, one hook per call, and what a change refreshes.
// The events list is the spec's cached admin list; an event's guests, rooms, invitations and mails move
// with the event (guests join, jobs send mails), so they load on each visit.
import { useQuery } from '@tanstack/react-query';
import { recordQuery } from '../../queries/recordQuery.ts';
import { adminApi } from '../adminApi.ts';
import { cachedListQuery, visitQuery } from './resourceQuery.ts';

export const eventKeys = {
  all: ['events'] as const,
  list: ['events', 'list'] as const,
  blockedDays: ['events', 'blocked-days'] as const,
  mediaChoices: ['events', 'media-choices'] as const,
  one: (id: number) => ['events', id] as const,
  participants: (id: number) => ['events', id, 'participants'] as const,
  rooms: (id: number) => ['events', id, 'rooms'] as const,
  invitations: (id: number) => ['events', id, 'invitations'] as const,
  mails: (id: number) => ['events', id, 'mails'] as const,
  participant: (id: number) => ['participants', id] as const,
};

export const useEvents = () =>
  useQuery(cachedListQuery(eventKeys.list, (signal) => adminApi.events({ signal })));

export const useBlockedDays = () =>
  useQuery(cachedListQuery(eventKeys.blockedDays, (signal) => adminApi.blockedDays({ signal })));

export const useEventMediaChoices = () =>
  useQuery(cachedListQuery(eventKeys.mediaChoices, (signal) => adminApi.medias({ signal })));

/** An event's details (a form's first values too: never kept once closed, see recordQuery). */
export const useEvent = (id: number, enabled = true) =>
  useQuery({
    ...visitQuery(eventKeys.one(id), (signal) => adminApi.event(id, { signal }), { enabled }),
    gcTime: 0,
  });

/** The event the event form edits, or null for a new one. */
export const useEventToEdit = (id: number | null) =>
  useQuery(recordQuery(eventKeys.one, (key, signal) => adminApi.event(key, { signal }), id));

export const useParticipants = (eventId: number, enabled = true) =>
  useQuery(
    visitQuery(eventKeys.participants(eventId), (signal) => adminApi.participants(eventId, { signal }), {
      enabled,
    }),
  );

export const useEventRooms = (eventId: number, enabled = true) =>
  useQuery(
    visitQuery(eventKeys.rooms(eventId), (signal) => adminApi.rooms(eventId, { signal }), { enabled }),
  );

export const useInvitations = (eventId: number, enabled = true) =>
  useQuery(
    visitQuery(eventKeys.invitations(eventId), (signal) => adminApi.invitations(eventId, { signal }), {
      enabled,
    }),
  );

export const useEventMails = (eventId: number) =>
  useQuery(visitQuery(eventKeys.mails(eventId), (signal) => adminApi.mails(eventId, { signal })));

/** The guest the participant form edits, or null for a new one. */
export const useParticipant = (id: number | null) =>
  useQuery(recordQuery(eventKeys.participant, (key, signal) => adminApi.participant(key, { signal }), id));
