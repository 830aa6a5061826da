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
} from '@lablive/domain';
import { adminResource } from './adminResource.ts';
import { authorizedCalls, type UploadOptions } from './authorizedCalls.ts';
import type { RequestOptions, Transport } from './httpTransport.ts';

export function createGroupsAdminApi(transport: Transport) {
  const calls = authorizedCalls(transport);
  const groups = adminResource<typeof groupSchema, GroupFormInput>(calls, '/api/groups', groupSchema);
  return {
    /** The lab's groups, in the order they were made, with what each holds and its member count. */
    groups: groups.list,
    /** What a group may hold: the lab's users, medias, documents and prepared polls, by name. */
    choices: (options?: RequestOptions) => calls.get('/api/groups/choices', groupChoicesSchema, options),
    createGroup: groups.create,
    /** The name, and what else is given (a list left out keeps what it holds). */
    editGroup: groups.change,
    removeGroup: groups.remove,
    removeGroups: groups.removeMany,
  };
}

export type GroupsAdminApi = ReturnType<typeof createGroupsAdminApi>;

/** POST upload: a picture for a group (`group`) or a user's avatar (`users`); answers its URL. */
export function createPicturesApi(transport: Transport) {
  const { send } = authorizedCalls(transport);
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
      return send('POST', '/api/upload', form, pictureUploadSchema, options);
    },
  };
}

export type PicturesApi = ReturnType<typeof createPicturesApi>;
