// The REST calls of the back office's groups page (back-office spec 2.8 and 7): the lab's groups, what a
// group may hold, creating, editing and removing them; and POST upload, which sets a group's picture or
// a user's avatar (multipart: `files`, `field`, `ref`, `refId`, with the upload's progress).
import {
  type GroupFormInput,
  groupChoicesSchema,
  groupSchema,
  PICTURE_TARGETS,
  PICTURE_UPLOAD_FIELDS,
  type PictureRef,
  pictureUploadSchema,
  removedCountSchema,
} from '@lablive/domain';
import { z } from 'zod';
import { authorizedCalls } from './authorizedCalls.ts';
import type { UploadOptions } from './documentsAdminApi.ts';
import type { RequestOptions, Transport } from './httpTransport.ts';

export function createGroupsAdminApi(transport: Transport) {
  const { get, send, remove } = authorizedCalls(transport);
  return {
    /** The lab's groups, in the order they were made, with what each holds and its member count. */
    groups: (options?: RequestOptions) => get('/api/groups', z.array(groupSchema), options),
    /** What a group may hold: the lab's users, medias, documents and prepared polls, by name. */
    choices: (options?: RequestOptions) => get('/api/groups/choices', groupChoicesSchema, options),
    createGroup: (form: GroupFormInput, options?: RequestOptions) =>
      send('POST', '/api/groups', form, groupSchema, options),
    /** The name, and what else is given (a list left out keeps what it holds). */
    editGroup: (groupId: number, form: GroupFormInput, options?: RequestOptions) =>
      send('PUT', `/api/groups/${groupId}`, form, groupSchema, options),
    removeGroup: (groupId: number, options?: RequestOptions) => remove(`/api/groups/${groupId}`, options),
    removeGroups: (ids: readonly number[], options?: RequestOptions) =>
      send('POST', '/api/groups/delete-multiple', { ids }, removedCountSchema, options),
  };
}

export type GroupsAdminApi = ReturnType<typeof createGroupsAdminApi>;

/** POST upload: a picture for a group (`group`) or a user's avatar (`users`); answers its URL. */
export function createPicturesApi(transport: Transport) {
  return {
    upload: (
      ref: PictureRef,
      refId: number,
      file: Blob,
      options: UploadOptions & { fileName?: string } = {},
    ) => {
      const form = new FormData();
      form.append(PICTURE_UPLOAD_FIELDS.field, PICTURE_TARGETS[ref]);
      form.append(PICTURE_UPLOAD_FIELDS.ref, ref);
      form.append(PICTURE_UPLOAD_FIELDS.refId, String(refId));
      form.append(PICTURE_UPLOAD_FIELDS.files, file, options.fileName);
      return transport.json(
        {
          method: 'POST',
          path: '/api/upload',
          form,
          auth: true,
          signal: options.signal,
          onUploadProgress: options.onProgress,
        },
        pictureUploadSchema,
      );
    },
  };
}

export type PicturesApi = ReturnType<typeof createPicturesApi>;
