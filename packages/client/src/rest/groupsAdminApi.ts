// The REST calls of the back office's groups page (back-office spec 2.8 and 7): the lab's groups, what a
// group may hold, creating, editing and removing them; and POST upload, which sets a group's picture or
// a user's avatar (multipart: `files`, `field`, `ref`, `refId`, with the upload's progress).
import { type GroupFormInput, groupChoicesSchema, groupSchema, PICTURE_TARGETS } from '@lablive/domain';
import { adminResource } from './adminResource.ts';
import { authorizedCalls, type UploadOptions } from './authorizedCalls.ts';
import type { RequestOptions, Transport } from './httpTransport.ts';
import { uploadPicture } from './pictureUpload.ts';

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
  const calls = authorizedCalls(transport);
  return {
    upload: (
      ref: 'group' | 'users',
      refId: number,
      file: Blob,
      options: UploadOptions & { fileName?: string } = {},
    ) => uploadPicture(calls, { ref, field: PICTURE_TARGETS[ref][0], refId }, file, options),
  };
}

export type PicturesApi = ReturnType<typeof createPicturesApi>;
