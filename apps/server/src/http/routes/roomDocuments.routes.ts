// Documents in a live room: GET rooms/{id}/documents (shared now), PUT rooms/{id}/documents/add and
// PUT rooms/{id}/documents/remove. The documents come from the caller's lab only; whether the caller
// may share (an animator present in the room, module share_document) is the room's decision.
import {
  DomainError,
  type RoomActor,
  shareDocumentsRequestSchema,
  sharedDocumentViewSchema,
  unshareDocumentRequestSchema,
} from '@lablive/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { resolveRoomAccess } from '../../access/roomAccess.ts';
import type { Authenticator } from '../../auth/authentication.ts';
import type { Db } from '../../db/connection.ts';
import { resolveDocumentShare } from '../../documents/documentShares.ts';
import type { RoomService } from '../../rooms/roomService.ts';
import { executeRestCommand } from '../restCommands.ts';
import { visibleRoomState } from '../restRoomViews.ts';
import { idParams } from './routeHelpers.ts';

const sharedList = z.array(sharedDocumentViewSchema);

export async function roomDocumentsRoutes(
  instance: FastifyInstance,
  options: { db: Db; authenticator: Authenticator; rooms: RoomService },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { db, authenticator, rooms } = options;

  async function access(request: FastifyRequest, roomId: number) {
    const { principal } = await authenticator.authenticate(request);
    return { principal, ...(await resolveRoomAccess(db, principal, roomId)) };
  }

  async function sharedNow(roomId: number, actor: RoomActor) {
    const state = await visibleRoomState(rooms, roomId, actor);
    return state.sharedDocuments.map((document) => ({ ...document, shared: true as const }));
  }

  app.get(
    '/rooms/:id/documents',
    { schema: { params: idParams, response: { 200: sharedList } } },
    async (request) => {
      const { actor } = await access(request, request.params.id);
      return sharedNow(request.params.id, actor);
    },
  );

  app.put(
    '/rooms/:id/documents/add',
    {
      schema: { params: idParams, body: shareDocumentsRequestSchema, response: { 200: sharedList } },
    },
    async (request) => {
      const { principal, actor } = await access(request, request.params.id);
      const share = await resolveDocumentShare(db, principal.labId, request.body.documents);
      if (!share.ok) throw new DomainError('not_found', `No document ${share.missingId}.`);
      await executeRestCommand(rooms, {
        roomId: request.params.id,
        actor,
        command: { type: 'ShareDocuments', data: { documents: share.documents } },
        requestId: request.id,
      });
      return sharedNow(request.params.id, actor);
    },
  );

  app.put(
    '/rooms/:id/documents/remove',
    {
      schema: { params: idParams, body: unshareDocumentRequestSchema, response: { 200: sharedList } },
    },
    async (request) => {
      const { actor } = await access(request, request.params.id);
      const documentId = request.body.document ?? request.body.documentId;
      if (documentId === undefined) throw new DomainError('validation', 'document: send the id to unshare.');
      await executeRestCommand(rooms, {
        roomId: request.params.id,
        actor,
        command: { type: 'UnshareDocument', data: { documentId } },
        requestId: request.id,
      });
      return sharedNow(request.params.id, actor);
    },
  );
}
