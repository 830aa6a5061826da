// Lab documents: GET documents/find/by-lab (the share panel's list) and GET documents/{id}/download.
// The lab's list is for document managers and for the hosts of an event not over (the room's share
// panel is the animators'): a plain participant, guest or not, never sees the lab's library. Lab staff
// download any document of their lab; a guest downloads what is shared in their room now. A deleted
// document answers 410 Gone; every download is recorded (documentService.ts).
import { documentDownloadQuerySchema, labDocumentSchema } from '@lablive/domain';
import { z } from 'zod';
import type { DocumentService } from '../../documents/documentService.ts';
import { attachmentDisposition } from '../../files/files.ts';
import { signedInPlugin } from '../routeDeclarations.ts';
import { idParams } from './routeHelpers.ts';

export const documentsRoutes = signedInPlugin((route, { documents }: { documents: DocumentService }) => {
  route.get('/documents/find/by-lab', { response: { 200: z.array(labDocumentSchema) } }, (caller) =>
    documents.listForRooms(caller),
  );

  route.get(
    '/documents/:id/download',
    // The file itself, streamed with its own content type: no JSON to describe.
    {
      params: idParams,
      querystring: documentDownloadQuerySchema,
      response: { 200: z.unknown().describe('The document file') },
    },
    async (caller, request, reply) => {
      const { document, file } = await documents.download(caller, request.params.id, request.query.room_id);
      reply
        .header('content-type', document.content_type)
        .header('content-length', file.size)
        .header('content-disposition', attachmentDisposition(document.name, document.extension))
        .header('x-content-type-options', 'nosniff');
      return file.stream;
    },
  );
});
