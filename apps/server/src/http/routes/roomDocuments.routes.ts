// Documents in a live room: GET rooms/{id}/documents (shared now), PUT rooms/{id}/documents/add and
// PUT rooms/{id}/documents/remove. What each does is roomDocuments.ts'.
import {
  shareDocumentsRequestSchema,
  sharedDocumentViewSchema,
  unshareDocumentRequestSchema,
} from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authenticator } from '../../auth/authentication.ts';
import type { RoomDocuments } from '../roomDocuments.ts';
import { idParams } from './routeHelpers.ts';

const sharedList = z.array(sharedDocumentViewSchema);

export async function roomDocumentsRoutes(
  instance: FastifyInstance,
  options: { authenticator: Authenticator; roomDocuments: RoomDocuments },
) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { authenticator, roomDocuments } = options;

  app.get(
    '/rooms/:id/documents',
    { schema: { params: idParams, response: { 200: sharedList } } },
    async (request) =>
      roomDocuments.shared((await authenticator.authenticate(request)).principal, request.params.id),
  );

  app.put(
    '/rooms/:id/documents/add',
    {
      schema: { params: idParams, body: shareDocumentsRequestSchema, response: { 200: sharedList } },
    },
    async (request) => {
      const { principal } = await authenticator.authenticate(request);
      return roomDocuments.share(principal, request.params.id, request.body.documents, request.id);
    },
  );

  app.put(
    '/rooms/:id/documents/remove',
    {
      schema: { params: idParams, body: unshareDocumentRequestSchema, response: { 200: sharedList } },
    },
    async (request) => {
      const { principal } = await authenticator.authenticate(request);
      const documentId = request.body.document ?? request.body.documentId;
      return roomDocuments.unshare(principal, request.params.id, documentId, request.id);
    },
  );
}
