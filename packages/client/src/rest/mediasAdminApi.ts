// The REST calls of the back office's medias (issue 17, part 7): the lab's presentation medias listed and
// read, created and changed (a page's address, the canvas), given a build (a zip, with the upload's
// progress) or a thumbnail (an image), and deleted (refused while an open event shows the media).
import {
  adminMediaSchema,
  MEDIA_UPLOAD_FIELDS,
  type MediaChanges,
  type MediaFormInput,
} from '@lablive/domain';
import { z } from 'zod';
import { authorizedCalls } from './authorizedCalls.ts';
import type { UploadOptions } from './documentsAdminApi.ts';
import type { RequestOptions, Transport } from './httpTransport.ts';

function fileForm(file: Blob, fileName: string | undefined): FormData {
  const form = new FormData();
  form.append(MEDIA_UPLOAD_FIELDS.file, file, fileName);
  return form;
}

export function createMediasAdminApi(transport: Transport) {
  const { get, send, remove } = authorizedCalls(transport);
  const upload = (method: 'POST' | 'PUT', path: string, form: FormData, options: UploadOptions) =>
    transport.json(
      { method, path, form, auth: true, signal: options.signal, onUploadProgress: options.onProgress },
      adminMediaSchema,
    );
  return {
    medias: (options?: RequestOptions) => get('/api/medias', z.array(adminMediaSchema), options),
    media: (mediaId: number, options?: RequestOptions) =>
      get(`/api/medias/${mediaId}`, adminMediaSchema, options),
    create: (form: MediaFormInput, options?: RequestOptions) =>
      send('POST', '/api/medias', form, adminMediaSchema, options),
    /** Changes the fields given (the list's inline edit sends the name alone). */
    change: (mediaId: number, changes: MediaChanges, options?: RequestOptions) =>
      send('PUT', `/api/medias/${mediaId}`, changes, adminMediaSchema, options),
    remove: (mediaId: number, options?: RequestOptions) => remove(`/api/medias/${mediaId}`, options),
    /** The media's build: a zip holding an index.html (the media becomes a build). */
    uploadBuild: (mediaId: number, zip: Blob, options: UploadOptions & { fileName?: string } = {}) =>
      upload('POST', `/api/medias/${mediaId}/build`, fileForm(zip, options.fileName), options),
    setThumbnail: (mediaId: number, image: Blob, options: UploadOptions & { fileName?: string } = {}) =>
      upload('PUT', `/api/medias/${mediaId}/thumbnail`, fileForm(image, options.fileName), options),
    removeThumbnail: (mediaId: number, options?: RequestOptions) =>
      transport.json(
        { method: 'DELETE', path: `/api/medias/${mediaId}/thumbnail`, auth: true, signal: options?.signal },
        adminMediaSchema,
      ),
  };
}

export type MediasAdminApi = ReturnType<typeof createMediasAdminApi>;
