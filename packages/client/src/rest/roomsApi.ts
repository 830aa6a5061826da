// The REST calls of the live rooms (live-room spec, section 7): rooms of an event and automatic
// distribution, participations, room data and the video token, leaving, shared documents, polls and
// the pharmacovigilance report. Every answer is parsed with the domain's schema.
import {
  answerPollResponseSchema,
  type CreateParticipantRequest,
  type CreatePollRequest,
  eventRoomSchema,
  joinRoomResponseSchema,
  knockingGuestSchema,
  labDocumentSchema,
  labEventSchema,
  liveRoomStatsSchema,
  type PharmacovigilanceReportRequest,
  participantSchema,
  pharmacovigilanceReportCreatedSchema,
  pollSchema,
  roomDataSchema,
  roomTokenResponseSchema,
  sharedDocumentViewSchema,
  type UpdateParticipantRequest,
  type UpdatePollRequest,
} from '@lablive/domain';
import { z } from 'zod';
import { authorizedCalls } from './authorizedCalls.ts';
import type { RequestOptions, Transport } from './httpTransport.ts';

export function createRoomsApi(transport: Transport) {
  const { get, send } = authorizedCalls(transport);

  return {
    /** The events of the caller's lab (staff): those they own when their only role is user. */
    labEvents: (options?: RequestOptions) => get('/api/events', z.array(labEventSchema), options),
    /** One event of the caller's lab (a guest: their own event). */
    event: (eventId: number, options?: RequestOptions) =>
      get(`/api/events/${eventId}`, labEventSchema, options),
    /** The room's current (or last) session from the statistics: who was there, how long, talk time. */
    roomStats: (roomId: number, options?: RequestOptions) =>
      get(`/api/rooms/${roomId}/stats`, liveRoomStatsSchema, options),
    eventRooms: (eventId: number, options?: RequestOptions) =>
      get(`/api/events/${eventId}/rooms`, z.array(eventRoomSchema), options),
    /** Automatic distribution: the room the caller is placed in (then go to /waiting/{id}). */
    joinRoom: (eventId: number, options?: RequestOptions) =>
      get(`/api/events/${eventId}/joinroom`, joinRoomResponseSchema, options),
    createParticipant: (request: CreateParticipantRequest, options?: RequestOptions) =>
      send('POST', '/api/participants', request, participantSchema, options),
    /** Choose a room ({room_id, event_id}) or change the role ({role}). */
    updateParticipant: (participantId: number, request: UpdateParticipantRequest, options?: RequestOptions) =>
      send('PUT', `/api/participants/${participantId}`, request, participantSchema, options),
    participant: (participantId: number, options?: RequestOptions) =>
      get(`/api/participants/${participantId}`, participantSchema, options),
    room: (roomId: number, options?: RequestOptions) => get(`/api/rooms/${roomId}`, roomDataSchema, options),
    /** Who knocks at the room's lobby, by name (the room's hosts). */
    lobby: (roomId: number, options?: RequestOptions) =>
      get(`/api/rooms/${roomId}/lobby`, z.array(knockingGuestSchema), options),
    /** Medias, polls, modules, lab logo and the video session (mesh or OpenTok) of a room. */
    roomToken: (roomId: number, options?: RequestOptions) =>
      get(`/api/rooms/${roomId}/token`, roomTokenResponseSchema, options),
    leaveRoom: (roomId: number, options: RequestOptions = {}) =>
      transport.noContent({
        method: 'POST',
        path: `/api/rooms/${roomId}/leave`,
        body: {},
        auth: true,
        signal: options.signal,
      }),
    roomDocuments: (roomId: number, options?: RequestOptions) =>
      get(`/api/rooms/${roomId}/documents`, z.array(sharedDocumentViewSchema), options),
    labDocuments: (options?: RequestOptions) =>
      get('/api/documents/find/by-lab', z.array(labDocumentSchema), options),
    shareDocuments: (roomId: number, documentIds: readonly number[], options?: RequestOptions) =>
      send('PUT', `/api/rooms/${roomId}/documents/add`, { documents: documentIds }, z.unknown(), options),
    unshareDocument: (roomId: number, documentId: number, options?: RequestOptions) =>
      send('PUT', `/api/rooms/${roomId}/documents/remove`, { document: documentId }, z.unknown(), options),
    /**
     * The file itself: the download needs the session's token, which a plain link cannot carry. `roomId`
     * says which room it is downloaded from (the statistics count downloads per session).
     */
    downloadDocument: (
      documentId: number,
      options: RequestOptions & { roomId?: number } = {},
    ): Promise<Blob> =>
      transport.blob({
        method: 'GET',
        path: `/api/documents/${documentId}/download${options.roomId === undefined ? '' : `?room_id=${options.roomId}`}`,
        auth: true,
        signal: options.signal,
      }),
    createPoll: (request: CreatePollRequest, options?: RequestOptions) =>
      send('POST', '/api/polls', request, pollSchema, options),
    updatePoll: (pollId: number, request: UpdatePollRequest, options?: RequestOptions) =>
      send('PUT', `/api/polls/${pollId}`, request, pollSchema, options),
    answerPoll: (
      pollId: number,
      request: { answers: number[]; participant_id: number; opentok_session_id?: string | null },
      options?: RequestOptions,
    ) => send('POST', `/api/polls/answer/${pollId}`, request, answerPollResponseSchema, options),
    fileReport: (report: PharmacovigilanceReportRequest, options?: RequestOptions) =>
      send('POST', '/api/pharmacovigilance-report', report, pharmacovigilanceReportCreatedSchema, options),
  };
}

export type RoomsApi = ReturnType<typeof createRoomsApi>;
