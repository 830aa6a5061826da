// Lab documents: GET documents/find/by-lab (the share panel's list) and GET documents/{id}/download.
// Lab staff download any document of their lab; a guest downloads what is shared in their room now.
import {
  forbidden,
  labDocumentSchema,
  notFound,
  type ParticipantView,
  type Principal,
} from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authenticator } from '../../auth/authentication.ts';
import type { Db } from '../../db/connection.ts';
import { findDocumentInLab, listLabDocuments } from '../../documents/documents.repository.ts';
import { attachmentDisposition, openStoredFile } from '../../documents/files.ts';
import { findOwnParticipation, isParticipantOfLabEvent } from '../../participants/participants.repository.ts';
import { picksOwnRoom } from '../../rooms/roomAccess.ts';
import type { RoomService } from '../../rooms/roomService.ts';
import { holds, idParams, personOf } from './routeHelpers.ts';

export type DocumentsRoutesOptions = {
  db: Db;
  authenticator: Authenticator;
  rooms: RoomService;
  filesDir: string;
};

export async function documentsRoutes(instance: FastifyInstance, options: DocumentsRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, authenticator, rooms } = options;

  /**
   * Whether the document is shared now in a room where the guest is: their own room, or for staff
   * roles (who move between rooms) any room of the event they are present in. Only those rooms are
   * read, so a download does not wake every room of the event.
   */
  async function sharedWithGuest(guest: Principal, participant: ParticipantView, documentId: number) {
    const candidates = picksOwnRoom(guest, participant.role)
      ? (
          await db.selectFrom('rooms').select('id').where('event_id', '=', participant.event_id).execute()
        ).map((room) => room.id)
      : participant.room_id === null
        ? []
        : [participant.room_id];
    for (const roomId of candidates) {
      const { state } = await rooms.snapshot(roomId);
      const present =
        participant.room_id === roomId || state.viewers.some((viewer) => viewer.id === participant.id);
      if (present && state.sharedDocuments.some((document) => document.id === documentId)) return true;
    }
    return false;
  }

  app.get(
    '/documents/find/by-lab',
    { schema: { response: { 200: z.array(labDocumentSchema) } } },
    async (request) => {
      const caller = await authenticator.authenticate(request);
      const { principal } = caller;
      if (!holds(principal, 'manage_documents') && !(await isParticipantOfLabEvent(db, personOf(caller)))) {
        throw forbidden('Lab documents are for document managers and the participants of its events.');
      }
      return listLabDocuments(db, principal.labId);
    },
  );

  app.get(
    '/documents/:id/download',
    // The file itself, streamed with its own content type: no JSON to describe.
    { schema: { params: idParams, response: { 200: z.unknown().describe('The document file') } } },
    async (request, reply) => {
      const caller = await authenticator.authenticate(request);
      const { principal } = caller;
      const document = await findDocumentInLab(db, principal.labId, request.params.id);
      if (!document) throw notFound('document', request.params.id);
      if (principal.kind === 'guest') {
        const participation = await findOwnParticipation(db, personOf(caller), principal.eventId);
        const shared =
          participation !== undefined && (await sharedWithGuest(principal, participation, document.id));
        if (!shared) throw forbidden('This document is not shared in your room.');
      }
      let file: Awaited<ReturnType<typeof openStoredFile>>;
      try {
        file = await openStoredFile(options.filesDir, document.storage_key);
      } catch (cause) {
        // A row without its file is our fault, not the caller's: 500, logged with the request id.
        throw new Error(`the file of document ${document.id} cannot be read`, { cause });
      }
      return reply
        .header('content-type', document.content_type)
        .header('content-length', file.size)
        .header('content-disposition', attachmentDisposition(document.name, document.extension))
        .send(file.stream);
    },
  );
}
