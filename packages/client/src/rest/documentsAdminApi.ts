// The REST calls of the back office's documents (back-office spec 2.7 and 7): the lab's documents listed
// and read, uploaded (multipart: name and file, with the upload's progress), renamed, given a new file,
// deleted one or several at once, and downloaded.
import { adminDocumentSchema, DOCUMENT_UPLOAD_FIELDS } from '@lablive/domain';
import { adminResource } from './adminResource.ts';
import { authorizedCalls, type UploadOptions } from './authorizedCalls.ts';
import type { RequestOptions, Transport } from './httpTransport.ts';

/** The upload's form: the name when given, and the file under the name it has on the sender's disk. */
function uploadForm(name: string | undefined, file: Blob, fileName: string | undefined): FormData {
  const form = new FormData();
  if (name !== undefined) form.append(DOCUMENT_UPLOAD_FIELDS.name, name);
  form.append(DOCUMENT_UPLOAD_FIELDS.file, file, fileName);
  return form;
}

export function createDocumentsAdminApi(transport: Transport) {
  const calls = authorizedCalls(transport);
  const documents = adminResource<typeof adminDocumentSchema, never, { name: string }>(
    calls,
    '/api/documents',
    adminDocumentSchema,
  );
  return {
    documents: documents.list,
    document: documents.one,
    /** A new document: its name and its file (`fileName`: the file's own name, a File's by default). */
    create: (name: string, file: Blob, options: UploadOptions & { fileName?: string } = {}) =>
      calls.send(
        'POST',
        '/api/documents',
        uploadForm(name, file, options.fileName),
        adminDocumentSchema,
        options,
      ),
    rename: (documentId: number, name: string, options?: RequestOptions) =>
      documents.change(documentId, { name }, options),
    /** A new file for the document (its id, shares and downloads stay), and a new name when given. */
    replaceFile: (
      documentId: number,
      file: Blob,
      options: UploadOptions & { name?: string; fileName?: string } = {},
    ) =>
      calls.send(
        'PUT',
        `/api/documents/${documentId}/file`,
        uploadForm(options.name, file, options.fileName),
        adminDocumentSchema,
        options,
      ),
    remove: documents.remove,
    removeMany: documents.removeMany,
    /** The file itself. */
    download: (documentId: number, options?: RequestOptions) =>
      calls.download(`/api/documents/${documentId}/download`, options),
  };
}

export type DocumentsAdminApi = ReturnType<typeof createDocumentsAdminApi>;
