// POST upload, the one call that sets a picture (multipart: `files`, `field`, `ref`, `refId`, with the
// upload's progress): a group's picture and a user's avatar (picturesApi), a lab's images (labsAdminApi).
import {
  PICTURE_UPLOAD_FIELDS,
  type PictureField,
  type PictureRef,
  pictureUploadSchema,
} from '@lablive/domain';
import type { AuthorizedCalls, UploadOptions } from './authorizedCalls.ts';

export type PictureTarget = { ref: PictureRef; field: PictureField; refId: number };

export function uploadPicture(
  calls: AuthorizedCalls,
  target: PictureTarget,
  file: Blob,
  options: UploadOptions & { fileName?: string } = {},
) {
  const form = new FormData();
  form.append(PICTURE_UPLOAD_FIELDS.field, target.field);
  form.append(PICTURE_UPLOAD_FIELDS.ref, target.ref);
  form.append(PICTURE_UPLOAD_FIELDS.refId, String(target.refId));
  form.append(PICTURE_UPLOAD_FIELDS.files, file, options.fileName);
  return calls.send('POST', '/api/upload', form, pictureUploadSchema, options);
}
