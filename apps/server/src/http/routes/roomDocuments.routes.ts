// Documents in a live room: GET rooms/{id}/documents (shared now), PUT rooms/{id}/documents/add and
// PUT rooms/{id}/documents/remove. What each does is roomDocuments.ts'.
import {
  shareDocumentsRequestSchema,
  sharedDocumentViewSchema,
  unshareDocumentRequestSchema,
} from '@lablive/domain';
import { z } from 'zod';
import type { RoomDocuments } from '../roomDocuments.ts';
import { signedInPlugin } from '../routeDeclarations.ts';
import { byId, idParams, principalAndId } from './routeHelpers.ts';

const sharedList = z.array(sharedDocumentViewSchema);

export const roomDocumentsRoutes = signedInPlugin(
  (route, { roomDocuments }: { roomDocuments: RoomDocuments }) => {
    route.get('/rooms/:id/documents', byId({ 200: sharedList }), principalAndId(roomDocuments.shared));

    route.put(
      '/rooms/:id/documents/add',
      { params: idParams, body: shareDocumentsRequestSchema, response: { 200: sharedList } },
      ({ principal }, request) =>
        roomDocuments.share(principal, request.params.id, request.body.documents, request.id),
    );

    route.put(
      '/rooms/:id/documents/remove',
      { params: idParams, body: unshareDocumentRequestSchema, response: { 200: sharedList } },
      ({ principal }, request) => {
        const documentId = request.body.document ?? request.body.documentId;
        return roomDocuments.unshare(principal, request.params.id, documentId, request.id);
      },
    );
  },
);
