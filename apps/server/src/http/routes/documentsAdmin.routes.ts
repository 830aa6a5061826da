// The back office's document calls (back-office spec 2.7 and 7): the lab's documents listed and read,
// uploaded (POST documents, multipart: name and file), renamed (PUT documents/{id}, JSON), given a new
// file (PUT documents/{id}/file, multipart: file and optionally name), deleted one or several at once.
// Who may call them is the access table's (manage documents, module share_document); what they do is
// the service's; the multipart parser is registered for the two upload routes only.
import { adminDocumentSchema, DOCUMENT_UPLOAD_FIELDS, renameDocumentRequestSchema } from '@lablive/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { DocumentService, DocumentUpload } from '../../documents/documentService.ts';
import { registerUploads, type UploadRoutesOptions, withUpload } from '../multipartUpload.ts';
import { signedInPlugin, signedInRoutes } from '../routeDeclarations.ts';
import { byId, idParams, principalAndId, removalRoutes } from './routeHelpers.ts';

/** The largest file accepted is DOCUMENT_MAX_BYTES. */
export type DocumentsAdminRoutesOptions = UploadRoutesOptions & { documents: DocumentService };

const UPLOAD_HELP =
  'multipart/form-data: `name` (text) and `file` (PDF, PNG, JPEG, GIF, WebP, docx/xlsx/pptx/ppsx, doc/xls/ppt, MP4 or UTF-8 text; the type is read from the bytes). Too large, or past the lab storage quota: 413; a type not accepted: 415 naming the detected type; an empty file or a missing field: 400.';

export const documentsAdminRoutes = signedInPlugin(
  async (route, options: DocumentsAdminRoutesOptions, scope) => {
    const { documents } = options;

    route.get('/documents', { response: { 200: z.array(adminDocumentSchema) } }, ({ principal }) =>
      documents.list(principal),
    );

    route.get('/documents/:id', byId({ 200: adminDocumentSchema }), principalAndId(documents.get));

    route.put(
      '/documents/:id',
      { params: idParams, body: renameDocumentRequestSchema, response: { 200: adminDocumentSchema } },
      ({ principal }, request) => documents.rename(principal, request.params.id, request.body.name),
    );

    removalRoutes(
      route,
      { one: '/documents/:id', many: '/documents/delete-multiple' },
      { one: documents.remove, many: documents.removeMany },
    );

    await documentUploadRoutes(scope, options);
  },
);

/** The two upload routes, in their own scope with the document size limit. */
async function documentUploadRoutes(app: FastifyInstance, options: DocumentsAdminRoutesOptions) {
  const { documents } = options;
  await app.register(async (uploads) => {
    await registerUploads(uploads, options.maxFileBytes);
    const route = signedInRoutes(uploads, options.authenticator);

    route.post(
      '/documents',
      {
        description: `Uploads a document. ${UPLOAD_HELP}`,
        consumes: ['multipart/form-data'],
        response: { 201: adminDocumentSchema },
      },
      ({ principal }, request) =>
        withDocumentUpload(options, request, (upload) => documents.create(principal, upload)),
    );

    route.put(
      '/documents/:id/file',
      {
        description: `Replaces a document's file (its id, shares and downloads stay); \`name\` is optional here. ${UPLOAD_HELP}`,
        consumes: ['multipart/form-data'],
        params: idParams,
        response: { 200: adminDocumentSchema },
      },
      async ({ principal }, request) => {
        // An unknown document is said before its new file is read, not after.
        await documents.get(principal, request.params.id);
        return withDocumentUpload(options, request, (upload) =>
          documents.replaceFile(principal, request.params.id, upload),
        );
      },
    );
  });
}

/** Reads the document's upload (its name and file) for `use`, the file removed unless `use` kept it. */
function withDocumentUpload<T>(
  options: DocumentsAdminRoutesOptions,
  request: FastifyRequest,
  use: (upload: DocumentUpload) => Promise<T>,
) {
  const fields = { name: DOCUMENT_UPLOAD_FIELDS.name, file: DOCUMENT_UPLOAD_FIELDS.file };
  return withUpload(
    request,
    {
      filesDir: options.filesDir,
      maxFileBytes: options.maxFileBytes,
      fields: [fields.name],
      fileField: fields.file,
    },
    (upload) => use({ name: upload.fields.name, file: upload.file, sentFileName: upload.fileName }),
  );
}
