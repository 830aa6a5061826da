// The REST calls of the back office's medias (issue 17, part 7): the lab's presentation medias listed and
// read, created and changed (a page's address, the canvas), created with its build in one call, given a
// build (a zip, with the upload's progress) or a thumbnail (an image), and deleted (refused while an open event shows the media).
import {
  adminMediaSchema,
  MEDIA_UPLOAD_FIELDS,
  type MediaChanges,
  type MediaFormInput,
} from '@lablive/domain';
import { adminResource } from './adminResource.ts';
import { authorizedCalls, carried, type UploadOptions } from './authorizedCalls.ts';
import type { RequestOptions, Transport } from './httpTransport.ts';

export function createMediasAdminApi(transport: Transport) {
  const calls = authorizedCalls(transport);
  const medias = adminResource<typeof adminMediaSchema, MediaFormInput, MediaChanges>(
    calls,
    '/api/medias',
    adminMediaSchema,
  );
  /** One of the media's files (its build, its thumbnail); the answer is the media as it now stands. */
  const sendFile = (
    method: 'POST' | 'PUT',
    path: string,
    file: Blob,
    options: UploadOptions & { fileName?: string },
  ) => {
    const form = new FormData();
    form.append(MEDIA_UPLOAD_FIELDS.file, file, options.fileName);
    return calls.send(method, path, form, adminMediaSchema, options);
  };
  return {
    medias: medias.list,
    media: medias.one,
    create: medias.create,
    /** Changes the fields given (the list's inline edit sends the name alone). */
    change: medias.change,
    remove: medias.remove,
    /** A new build media and its zip in one call: a refused zip leaves no media behind. */
    createWithBuild: (
      media: MediaFormInput,
      zip: Blob,
      options: UploadOptions & { fileName?: string } = {},
    ) => {
      const form = new FormData();
      form.append(MEDIA_UPLOAD_FIELDS.media, JSON.stringify(media));
      form.append(MEDIA_UPLOAD_FIELDS.file, zip, options.fileName);
      return calls.send('POST', '/api/medias/with-build', form, adminMediaSchema, options);
    },
    /** The media's build: a zip holding an index.html (the media becomes a build). */
    uploadBuild: (mediaId: number, zip: Blob, options: UploadOptions & { fileName?: string } = {}) =>
      sendFile('POST', `/api/medias/${mediaId}/build`, zip, options),
    setThumbnail: (mediaId: number, image: Blob, options: UploadOptions & { fileName?: string } = {}) =>
      sendFile('PUT', `/api/medias/${mediaId}/thumbnail`, image, options),
    removeThumbnail: (mediaId: number, options: RequestOptions = {}) =>
      transport.json(
        { method: 'DELETE', path: `/api/medias/${mediaId}/thumbnail`, auth: true, ...carried(options) },
        adminMediaSchema,
      ),
  };
}

export type MediasAdminApi = ReturnType<typeof createMediasAdminApi>;
