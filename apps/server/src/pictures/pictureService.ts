// Pictures as POST upload sets them (back-office spec 3 and 7): a user's avatar (their own, or a
// colleague's for who manages users), a group's picture (who manages users) and a lab's logo, header and
// waiting-room images (who manages labs, any lab: the platform's super-admins; issue 28). The file is received by
// the file store against IMAGE_MAX_BYTES, kept only if its bytes are a PNG, JPEG, WebP or GIF, stored
// under a new unguessable name, and the row's field set to its URL; the picture it replaces is removed.
// Pictures are not resized: no image library is installed that builds here without native downloads,
// so the size limit bounds them instead (issue 17: "resized or size-limited").
import {
  DomainError,
  effectivePermissions,
  forbidden,
  holdsMoreThan,
  invalid,
  MESSAGES,
  notFound,
  PICTURE_UPLOAD_FIELDS,
  type PictureRef,
  type PictureUpload,
  type PictureUploadRequest,
  type Principal,
  pictureUploadRequestSchema,
  USER_RULE_MESSAGES,
} from '@lablive/domain';
import type { Db } from '../db/connection.ts';
import { keepReceivedFile, type ReceivedFile, removeStoredFile } from '../files/files.ts';
import { usersOfLab } from '../users/users.repository.ts';
import { detectImageType } from './imageTypes.ts';
import { newPictureName, pictureKey, pictureUrl, removePictures } from './pictureFiles.ts';
import { type PictureRow, pictureRowExists, replacePicture } from './pictures.repository.ts';

/** POST upload as the multipart request brought it: its text fields as sent, its file received. */
export type PictureUploadInput = {
  fields: Partial<Record<'field' | 'ref' | 'refId', string>>;
  file: ReceivedFile | undefined;
};

export type PictureServiceDeps = {
  db: Db;
  filesDir: string;
  log: { warn(details: object, message: string): void };
};

export type PictureService = ReturnType<typeof createPictureService>;

const NAMES = { users: 'user', group: 'group', lab: 'lab' } as const satisfies Record<PictureRef, string>;

/** The text fields, each refusal naming its field (a missing one: 'This field must be filled'). */
function parseRequest(fields: PictureUploadInput['fields']): PictureUploadRequest {
  for (const name of [PICTURE_UPLOAD_FIELDS.ref, PICTURE_UPLOAD_FIELDS.field, PICTURE_UPLOAD_FIELDS.refId]) {
    if ((fields[name] ?? '').trim() === '') throw invalid(name, MESSAGES.fieldRequired);
  }
  const parsed = pictureUploadRequestSchema.safeParse({
    ref: fields.ref?.trim(),
    field: fields.field?.trim(),
    refId: fields.refId?.trim(),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalid(String(issue?.path[0] ?? '(body)'), issue?.message ?? 'is invalid');
  }
  return parsed.data;
}

/**
 * Who may set the picture: their own avatar, a lab's image with manage labs (any lab), anything else with
 * manage users (in their lab).
 */
function checkMayChange(principal: Principal, ref: PictureRef, refId: number): number {
  if (principal.kind !== 'user') throw forbidden(MESSAGES.notEnoughPermissions);
  const permissions = effectivePermissions(principal);
  if (ref === 'lab') {
    if (!permissions.includes('manage_labs')) throw forbidden(MESSAGES.notEnoughPermissions);
    return principal.labId;
  }
  const managesUsers = permissions.includes('manage_users');
  if (ref === 'users') {
    // A colleague is as absent as an unknown user to who may not manage them (as GET users/{id}).
    if (refId !== principal.userId && !managesUsers) throw notFound(NAMES.users, refId);
  } else if (!managesUsers) {
    throw forbidden(MESSAGES.notEnoughPermissions);
  }
  return principal.labId;
}

export function createPictureService({ db, filesDir, log }: PictureServiceDeps) {
  /** A colleague's avatar is their identity: not for someone holding less than they do (userService). */
  async function checkNotHoldingMore(principal: Principal, ref: PictureRef, refId: number) {
    if (ref !== 'users' || principal.kind !== 'user' || refId === principal.userId) return;
    const [target] = await usersOfLab(db, principal.labId, [refId]);
    if (target && holdsMoreThan(target, principal)) throw forbidden(USER_RULE_MESSAGES.holdsMore);
  }

  const nameOf = (ref: PictureRef) => NAMES[ref];

  return {
    /**
     * The fields of an upload checked, and who may change the row, before its file is looked at: a
     * refusal there names the field; then the file (there, not empty, a picture by its bytes).
     */
    async upload(principal: Principal, input: PictureUploadInput): Promise<PictureUpload> {
      const request = parseRequest(input.fields);
      const labId = checkMayChange(principal, request.ref, request.refId);
      const row: PictureRow = { labId, ref: request.ref, id: request.refId, field: request.field };
      if (!(await pictureRowExists(db, row))) {
        throw notFound(nameOf(request.ref), request.refId);
      }
      await checkNotHoldingMore(principal, request.ref, request.refId);
      const { file } = input;
      const field = PICTURE_UPLOAD_FIELDS.files;
      if (!file) throw invalid(field, MESSAGES.fieldRequired);
      if (file.size === 0) throw invalid(field, 'is empty');
      const detection = await detectImageType(file);
      if (!detection.accepted) {
        throw new DomainError(
          'unsupported_media_type',
          `${field}: its content is ${detection.detected}, which is not accepted as a picture (PNG, JPEG, WebP or GIF).`,
        );
      }
      const name = newPictureName(detection.type);
      const key = pictureKey(name);
      if (key === undefined) throw new Error(`the picture name ${name} is not one of ours`);
      await keepReceivedFile(filesDir, file, key);
      const url = pictureUrl(name);
      let replaced: Awaited<ReturnType<typeof replacePicture>>;
      try {
        replaced = await replacePicture(db, row, url);
      } catch (error) {
        await removeStoredFile(filesDir, key);
        throw error;
      }
      if (!replaced) {
        // Deleted meanwhile: the picture has no row to belong to.
        await removeStoredFile(filesDir, key);
        throw notFound(nameOf(request.ref), request.refId);
      }
      await removePictures(filesDir, [replaced.before], log);
      return {
        url,
        ref: request.ref,
        refId: request.refId,
        field: request.field,
        content_type: detection.type.mime,
        size_bytes: file.size,
      };
    },
  };
}
