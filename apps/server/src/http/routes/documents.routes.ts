// Lab documents: GET documents/find/by-lab (the share panel's list) and GET documents/{id}/download.
// The lab's list is for document managers and for the hosts of an event not over (the room's share
// panel is the animators'): a plain participant, guest or not, never sees the lab's library. Lab staff
// download any document of their lab; a guest downloads what is shared in their room now. A deleted
// document answers 410 Gone; every download is recorded (documentService.ts).
import { documentDownloadQuerySchema, labDocumentSchema } from '@lablive/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Authenticator } from '../../auth/authentication.ts';
import type { DocumentService } from '../../documents/documentService.ts';
import { attachmentDisposition } from '../../files/files.ts';
import { idParams } from './routeHelpers.ts';

export type DocumentsRoutesOptions = {
  authenticator: Authenticator;
  documents: DocumentService;
};

export async function documentsRoutes(instance: FastifyInstance, options: DocumentsRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { authenticator, documents } = options;

  app.get(
    '/documents/find/by-lab',
    { schema: { response: { 200: z.array(labDocumentSchema) } } },
    async (request) => documents.listForRooms(await authenticator.authenticate(request)),
  );

  app.get(
    '/documents/:id/download',
    // The file itself, streamed with its own content type: no JSON to describe.
    {
      schema: {
        params: idParams,
        querystring: documentDownloadQuerySchema,
        response: { 200: z.unknown().describe('The document file') },
      },
    },
    async (request, reply) => {
      const caller = await authenticator.authenticate(request);
      const { document, file } = await documents.download(caller, request.params.id, request.query.room_id);
      return reply
        .header('content-type', document.content_type)
        .header('content-length', file.size)
        .header('content-disposition', attachmentDisposition(document.name, document.extension))
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );
}
