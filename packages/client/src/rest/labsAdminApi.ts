// The REST calls of the platform's labs (issue 28, part 1; manage_labs): every lab with what it used of
// its plan, a new lab with its first admin, a lab's settings read and changed, its suspension and its
// resumption, and its images (logo, header, waiting room) set through POST upload.
import {
  type LabCreateInput,
  type LabFormInput,
  type LabImageField,
  managedLabSchema,
} from '@lablive/domain';
import { adminResource } from './adminResource.ts';
import { authorizedCalls, type UploadOptions } from './authorizedCalls.ts';
import type { RequestOptions, Transport } from './httpTransport.ts';
import { uploadPicture } from './pictureUpload.ts';

export function createLabsAdminApi(transport: Transport) {
  const calls = authorizedCalls(transport);
  const labs = adminResource<typeof managedLabSchema, LabCreateInput>(calls, '/api/labs', managedLabSchema);
  // GET labs/{id} is a lab's own public view; the settings a super-admin edits are at labs/{id}/settings.
  const settings = (id: number) => `/api/labs/${id}/settings`;
  const suspension = (id: number, action: 'suspend' | 'resume', options?: RequestOptions) =>
    calls.send('POST', `/api/labs/${id}/${action}`, undefined, managedLabSchema, options);
  return {
    labs: labs.list,
    lab: (id: number, options?: RequestOptions) => calls.get(settings(id), managedLabSchema, options),
    /** The lab and its first admin, who is mailed a link to set their password. */
    create: labs.create,
    /** Changes the fields given. */
    change: (id: number, body: Partial<LabFormInput>, options?: RequestOptions) =>
      calls.send('PUT', settings(id), body, managedLabSchema, options),
    /** Nobody of the lab signs in any more and its running sessions end. */
    suspend: (id: number, options?: RequestOptions) => suspension(id, 'suspend', options),
    resume: (id: number, options?: RequestOptions) => suspension(id, 'resume', options),
    /** One of the lab's images; the one it replaces is removed. */
    setImage: (
      id: number,
      field: LabImageField,
      file: Blob,
      options: UploadOptions & { fileName?: string } = {},
    ) => uploadPicture(calls, { ref: 'lab', field, refId: id }, file, options),
  };
}

export type LabsAdminApi = ReturnType<typeof createLabsAdminApi>;
