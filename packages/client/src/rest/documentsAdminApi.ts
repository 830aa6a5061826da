// The REST calls of the back office's documents (back-office spec 2.7 and 7): the lab's documents listed
// and read, uploaded (multipart: name and file, with the upload's progress), renamed, given a new file,
// deleted one or several at once, and downloaded.
import { adminDocumentSchema, DOCUMENT_UPLOAD_FIELDS, removedCountSchema } from '@lablive/domain';
import { z } from 'zod';
import { authorizedCalls } from './authorizedCalls.ts';
import type { RequestOptions, Transport, UploadProgress } from './httpTransport.ts';

export type UploadOptions = RequestOptions & { onProgress?: UploadProgress };

/** The upload's form: the name when given, and the file under the name it has on the sender's disk. */
function uploadForm(name: string | undefined, file: Blob, fileName: string | undefined): FormData {
  const form = new FormData();
  if (name !== undefined) form.append(DOCUMENT_UPLOAD_FIELDS.name, name);
  form.append(DOCUMENT_UPLOAD_FIELDS.file, file, fileName);
  return form;
}

export function createDocumentsAdminApi(transport: Transport) {
  const { get, send, remove } = authorizedCalls(transport);
  const upload = (method: 'POST' | 'PUT', path: string, form: FormData, options: UploadOptions) =>
    transport.json(
      { method, path, form, auth: true, signal: options.signal, onUploadProgress: options.onProgress },
      adminDocumentSchema,
    );
  return {
    documents: (options?: RequestOptions) => get('/api/documents', z.array(adminDocumentSchema), options),
    document: (documentId: number, options?: RequestOptions) =>
      get(`/api/documents/${documentId}`, adminDocumentSchema, options),
    /** A new document: its name and its file (`fileName`: the file's own name, a File's by default). */
    create: (name: string, file: Blob, options: UploadOptions & { fileName?: string } = {}) =>
      upload('POST', '/api/documents', uploadForm(name, file, options.fileName), options),
    rename: (documentId: number, name: string, options?: RequestOptions) =>
      send('PUT', `/api/documents/${documentId}`, { name }, adminDocumentSchema, options),
    /** A new file for the document (its id, shares and downloads stay), and a new name when given. */
    replaceFile: (
      documentId: number,
      file: Blob,
      options: UploadOptions & { name?: string; fileName?: string } = {},
    ) =>
      upload(
        'PUT',
        `/api/documents/${documentId}/file`,
        uploadForm(options.name, file, options.fileName),
        options,
      ),
    remove: (documentId: number, options?: RequestOptions) => remove(`/api/documents/${documentId}`, options),
    removeMany: (ids: readonly number[], options?: RequestOptions) =>
      send('POST', '/api/documents/delete-multiple', { ids }, removedCountSchema, options),
    /** The file itself (the call needs the session's token, which a plain link cannot carry). */
    download: (documentId: number, options: RequestOptions = {}): Promise<Blob> =>
      transport.blob({
        method: 'GET',
        path: `/api/documents/${documentId}/download`,
        auth: true,
        signal: options.signal,
      }),
  };
}

export type DocumentsAdminApi = ReturnType<typeof createDocumentsAdminApi>;
