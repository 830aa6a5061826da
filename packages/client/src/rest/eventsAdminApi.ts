// The REST calls of the back office's event pages (back-office spec, section 7: events, medias and
// scheduling, invitations, participants and rooms). Every answer is parsed with the domain's schema.
import {
  type CreateEventInvitationRequest,
  createdEventInvitationSchema,
  createdEventSchema,
  deploymentSchedulerSchema,
  type EventFormInput,
  eventInvitationSchema,
  eventRoomSchema,
  labEventDetailsSchema,
  labEventSchema,
  mailLogSchema,
  mediaSummarySchema,
  type ParticipantForm,
  participantSchema,
} from '@lablive/domain';
import { z } from 'zod';
import { authorizedCalls } from './authorizedCalls.ts';
import type { RequestOptions, Transport } from './httpTransport.ts';

export function createEventsAdminApi(transport: Transport) {
  const { get, send, remove } = authorizedCalls(transport);

  return {
    events: (options?: RequestOptions) => get('/api/events', z.array(labEventSchema), options),
    event: (eventId: number, options?: RequestOptions) =>
      get(`/api/events/${eventId}`, labEventDetailsSchema, options),
    createEvent: (form: EventFormInput, options?: RequestOptions) =>
      send('POST', '/api/events', form, createdEventSchema, options),
    editEvent: (eventId: number, form: EventFormInput, options?: RequestOptions) =>
      send('PUT', `/api/events/${eventId}`, form, labEventDetailsSchema, options),
    /** Opens the event's rooms now. */
    startEvent: (eventId: number, options?: RequestOptions) =>
      send('PUT', `/api/events/${eventId}`, { active: true }, labEventDetailsSchema, options),
    /** Closes the event for good: its rooms' sessions end. */
    closeEvent: (eventId: number, options?: RequestOptions) =>
      send('PUT', `/api/events/${eventId}`, { active: false }, labEventDetailsSchema, options),
    /** Cancels (deletes) an event that never started. */
    cancelEvent: (eventId: number, options?: RequestOptions) => remove(`/api/events/${eventId}`, options),
    /** The event's mail log, newest first. */
    mails: (eventId: number, options?: RequestOptions) =>
      get(`/api/events/${eventId}/mails`, mailLogSchema, options),
    medias: (options?: RequestOptions) => get('/api/medias', z.array(mediaSummarySchema), options),
    blockedDays: (options?: RequestOptions) =>
      get('/api/deployment-schedulers', z.array(deploymentSchedulerSchema), options),
    /** Blocks a day (`YYYY-MM-DD`) for a platform deployment: super-admins only. */
    blockDay: (date: string, options?: RequestOptions) =>
      send('POST', '/api/deployment-schedulers', { date }, deploymentSchedulerSchema, options),
    unblockDay: (id: number, options?: RequestOptions) => remove(`/api/deployment-schedulers/${id}`, options),
    rooms: (eventId: number, options?: RequestOptions) =>
      get(`/api/rooms?event_id=${eventId}`, z.array(eventRoomSchema), options),
    /** Names a room as its people will read it. */
    renameRoom: (eventId: number, roomId: number, name: string, options?: RequestOptions) =>
      send('PUT', `/api/events/${eventId}/rooms/${roomId}`, { name }, eventRoomSchema, options),
    participants: (eventId: number, options?: RequestOptions) =>
      get(`/api/participants?event_id=${eventId}`, z.array(participantSchema), options),
    participant: (participantId: number, options?: RequestOptions) =>
      get(`/api/participants/${participantId}`, participantSchema, options),
    addParticipant: (eventId: number, form: ParticipantForm, options?: RequestOptions) =>
      send('POST', '/api/participants', { ...form, event_id: eventId }, participantSchema, options),
    editParticipant: (participantId: number, form: ParticipantForm, options?: RequestOptions) =>
      send('PUT', `/api/participants/${participantId}`, form, participantSchema, options),
    removeParticipant: (participantId: number, options?: RequestOptions) =>
      remove(`/api/participants/${participantId}`, options),
    invitations: (eventId: number, options?: RequestOptions) =>
      get(`/api/event-invitations?event=${eventId}`, z.array(eventInvitationSchema), options),
    /** Creates the invitation and mails its single-use link; `mailed` says whether the mail left. */
    invite: (request: CreateEventInvitationRequest, options?: RequestOptions) =>
      send('POST', '/api/event-invitations', request, createdEventInvitationSchema, options),
  };
}

export type EventsAdminApi = ReturnType<typeof createEventsAdminApi>;
