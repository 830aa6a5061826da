// The lab's presentation medias as the routes run them (issue 17, part 7): listed with the platform's
// shared ones, created (a page's address, or a build to upload next), changed, given a build (a zip
// checked and extracted into a new version folder, swapped in by updating the row, the old folder
// removed after), given a thumbnail (a picture of the file store), deleted. Another lab's media is as
// absent as an unknown one; a shared media is read-only (403).
//
// Deleting: a media that an open event (not closed) shows is refused (409, naming the events: choose
// another media for them first, their rooms would lose their stage); one that only closed events showed
// is archived (out of the lists, the event form and the groups; those events keep it, build included);
// one that no event ever used is deleted with its files.
//
// A page's address must also be one the server lets guests' browsers load (pageAddresses.ts: public
// hosts only, loopback too outside production), and a build must fit in the lab's storage quota
// (labs/storageQuota.ts).
import { rm } from 'node:fs/promises';
import {
  type AdminMedia,
  DomainError,
  forbidden,
  IMAGE_TYPES,
  invalid,
  MESSAGES,
  type MediaChanges,
  type MediaForm,
  mediaRuleProblem,
  notFound,
  type Principal,
} from '@lablive/domain';
import type { Db } from '../db/connection.ts';
import { keepReceivedFile, type ReceivedFile, storedFilePath } from '../files/files.ts';
import { checkStorageRoom, reserveStorageRoom } from '../labs/storageQuota.ts';
import { detectImageType } from '../pictures/imageTypes.ts';
import { newPictureName, pictureKey, pictureUrl, removePictures } from '../pictures/pictureFiles.ts';
import { type BuildLimits, extractBuild, looksLikeZip } from './buildArchive.ts';
import { buildUrl, buildVersionKey, mediaFilesKey, newBuildVersion } from './buildFiles.ts';
import {
  archiveMedia,
  deleteMedia,
  eventsUsingMedia,
  findVisibleMedia,
  insertMedia,
  listVisibleMedias,
  type MediaColumns,
  type MediaRow,
  NO_BUILD,
  toAdminMedia,
  updateMedia,
} from './medias.repository.ts';
import { type PageAddressPolicy, pageAddressProblem } from './pageAddresses.ts';

export type MediaServiceDeps = {
  db: Db;
  filesDir: string;
  now: () => Date;
  buildLimits: BuildLimits;
  /** Which page addresses may be embedded (a server setting: loopback outside production only). */
  pageAddresses: PageAddressPolicy;
  /** What a lab's documents and media builds may hold together (LAB_STORAGE_QUOTA_BYTES). */
  storageQuotaBytes: number;
  /** Where a folder or file that could not be removed is reported (it stays on disk, unreachable). */
  log: { warn(details: object, message: string): void };
};

export type MediaService = ReturnType<typeof createMediaService>;

const UNIQUE_VIOLATION = '23505';

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error && error.code === UNIQUE_VIOLATION;

const slugTaken = (slug: string) =>
  new DomainError('conflict', `slug: the lab already has a media with the slug "${slug}": choose another.`);

export function staffOf(principal: Principal): number {
  if (principal.kind !== 'user') throw forbidden('Only lab staff manage medias.');
  return principal.userId;
}

/** The columns of a media's fields: a page's address is what its stage loads; a build's is its own. */
function columnsOf(media: MediaForm, current: MediaRow | null): MediaColumns {
  const keepsBuild = media.kind === 'build' && current?.kind === 'build';
  return {
    name: media.name,
    slug: media.slug,
    kind: media.kind,
    build_path: media.kind === 'page' ? media.page_url : keepsBuild ? (current?.build_path ?? null) : null,
    canvas_width: media.canvas_width,
    canvas_height: media.canvas_height,
    full_canvas: media.full_canvas,
  };
}

const eventList = (events: readonly { id: number; name: string }[]) =>
  events.map((event) => `"${event.name}" (${event.id})`).join(', ');

export function createMediaService(deps: MediaServiceDeps) {
  return {
    list: async (principal: Principal): Promise<AdminMedia[]> =>
      (await listVisibleMedias(deps.db, principal.labId)).map(toAdminMedia),

    async get(principal: Principal, id: number): Promise<AdminMedia> {
      const media = await findVisibleMedia(deps.db, principal.labId, id);
      if (!media) throw notFound('media', id);
      return toAdminMedia(media);
    },

    /** The caller's own media, or the refusal that a change would meet (before an upload is read). */
    async checkChangeable(principal: Principal, id: number): Promise<void> {
      staffOf(principal);
      await ownMedia(deps.db, principal, id);
    },

    create: (principal: Principal, form: MediaForm) => createMedia(deps, principal, form),

    /** POST medias/with-build: a new build media and its zip, both kept or neither. */
    createWithBuild: (principal: Principal, form: MediaForm, file: ReceivedFile | undefined) =>
      createWithBuild(deps, principal, form, file),

    /**
     * PUT medias/{id}: the fields sent, over the media as it is (the rule across fields checked on the
     * result). A build media turned into a page loses its build (its folder is removed).
     */
    change: (principal: Principal, id: number, changes: MediaChanges) =>
      changeMedia(deps, principal, id, changes),

    /** DELETE medias/{id}: refused, archived or deleted, as the module's head says. */
    remove: (principal: Principal, id: number) => removeMedia(deps, principal, id),

    /**
     * POST medias/{id}/build: the zip, checked and extracted into a new version folder, then swapped in
     * (the media becomes a build; its stage loads the new version); the old version's folder goes after.
     */
    uploadBuild: (principal: Principal, id: number, file: ReceivedFile | undefined) =>
      uploadBuild(deps, principal, id, file),

    /** PUT medias/{id}/thumbnail: a picture (PNG, JPEG, WebP or GIF, told by its bytes) replaces the old. */
    setThumbnail: (principal: Principal, id: number, file: ReceivedFile | undefined) =>
      setThumbnail(deps, principal, id, file),

    async removeThumbnail(principal: Principal, id: number): Promise<AdminMedia> {
      staffOf(principal);
      const { before, row } = await deps.db.transaction().execute(async (trx) => {
        const current = await ownMedia(trx, principal, id, true);
        const row = await updateMedia(trx, id, { thumbnail_url: null });
        return { before: current.thumbnail_url, row };
      });
      await removePictures(deps.filesDir, [before], deps.log);
      return toAdminMedia(row);
    },
  };
}

/** Refuses a page whose address the server does not let guests' browsers load (a build's is ours). */
function checkPageAddress(pageAddresses: MediaServiceDeps['pageAddresses'], media: MediaForm) {
  if (media.kind !== 'page' || media.page_url === null) return;
  const problem = pageAddressProblem(media.page_url, pageAddresses);
  if (problem) throw invalid('page_url', problem);
}

/** The caller's lab's own media, to change: another lab's is 404, a shared one 403. */
export async function ownMedia(trx: Db, principal: Principal, id: number, lock = false): Promise<MediaRow> {
  const media = await findVisibleMedia(trx, principal.labId, id, { lock });
  if (!media) throw notFound('media', id);
  if (media.lab_id === null) {
    throw forbidden('This media is shared by the platform: it cannot be changed by a lab.');
  }
  return media;
}

async function removeFolder({ filesDir, log }: MediaServiceDeps, key: string) {
  try {
    await rm(storedFilePath(filesDir, key), { recursive: true, force: true });
  } catch (error) {
    log.warn({ err: error, storageKey: key }, 'media files not removed');
  }
}

async function saving<T>(slug: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(slug ?? '');
    throw error;
  }
}

async function createMedia(deps: MediaServiceDeps, principal: Principal, form: MediaForm) {
  staffOf(principal);
  checkPageAddress(deps.pageAddresses, form);
  const row = await saving(form.slug, () => insertMedia(deps.db, principal.labId, columnsOf(form, null)));
  return toAdminMedia(row);
}

/**
 * POST medias/with-build: a new build media and its zip together (issue 28, part 6). The zip is checked
 * and extracted as for an upload; refused, the media just created goes with whatever it wrote, so a
 * refusal leaves no half-created media behind (the form keeps what was typed and sends it again).
 */
async function createWithBuild(
  deps: MediaServiceDeps,
  principal: Principal,
  form: MediaForm,
  file: ReceivedFile | undefined,
): Promise<AdminMedia> {
  if (form.kind !== 'build') throw invalid('kind', 'must be build: a page media has no build to upload');
  if (!file) throw invalid('file', MESSAGES.fieldRequired);
  const created = await createMedia(deps, principal, form);
  try {
    return await uploadBuild(deps, principal, created.id, file);
  } catch (error) {
    // Nothing refers to a media created a moment ago: it is deleted, not archived.
    await deleteMedia(deps.db, created.id);
    await removeFolder(deps, mediaFilesKey(principal.labId, created.id));
    throw error;
  }
}

/**
 * PUT medias/{id}: the fields sent, over the media as it is (the rule across fields checked on the
 * result). A build media turned into a page loses its build (its folder is removed).
 */
async function changeMedia(
  deps: MediaServiceDeps,
  principal: Principal,
  id: number,
  changes: MediaChanges,
): Promise<AdminMedia> {
  const { db, pageAddresses } = deps;
  staffOf(principal);
  const { row, dropped } = await saving(changes.slug, () =>
    db.transaction().execute(async (trx) => {
      const current = await ownMedia(trx, principal, id, true);
      const merged: MediaForm = {
        name: changes.name ?? current.name,
        slug: changes.slug ?? current.slug,
        kind: changes.kind ?? current.kind,
        page_url:
          changes.page_url !== undefined
            ? changes.page_url
            : current.kind === 'page'
              ? current.build_path
              : null,
        canvas_width: changes.canvas_width ?? current.canvas_width,
        canvas_height: changes.canvas_height ?? current.canvas_height,
        full_canvas: changes.full_canvas ?? current.full_canvas,
      };
      const problem = mediaRuleProblem(merged);
      if (problem) throw invalid(problem.field, problem.message);
      // On the result, as the rule above: an address stored before the check meets it at the next change.
      checkPageAddress(pageAddresses, merged);
      const losesBuild = current.kind === 'build' && merged.kind === 'page';
      const row = await updateMedia(trx, id, {
        ...columnsOf(merged, current),
        ...(losesBuild ? NO_BUILD : {}),
      });
      return { row, dropped: losesBuild ? current.build_version : null };
    }),
  );
  if (dropped !== null && row.lab_id !== null)
    await removeFolder(deps, buildVersionKey(row.lab_id, id, dropped));
  return toAdminMedia(row);
}

/** DELETE medias/{id}: refused, archived or deleted, as the module's head says. */
async function removeMedia(
  deps: MediaServiceDeps,
  principal: Principal,
  id: number,
): Promise<'deleted' | 'archived'> {
  const { db, filesDir, now, log } = deps;
  const userId = staffOf(principal);
  const outcome = await db.transaction().execute(async (trx) => {
    const media = await ownMedia(trx, principal, id, true);
    const events = await eventsUsingMedia(trx, id);
    const open = events.filter((event) => event.end_date === null);
    if (open.length > 0) {
      throw new DomainError(
        'conflict',
        `This media is the presentation media of ${open.length === 1 ? 'the event' : 'the events'} ${eventList(open)}: choose another media for ${open.length === 1 ? 'it' : 'them'} first.`,
      );
    }
    if (events.length > 0) {
      await archiveMedia(trx, id, { userId, at: now() });
      return { kind: 'archived' as const, media };
    }
    await deleteMedia(trx, id);
    return { kind: 'deleted' as const, media };
  });
  if (outcome.kind === 'deleted' && outcome.media.lab_id !== null) {
    await removeFolder(deps, mediaFilesKey(outcome.media.lab_id, id));
    await removePictures(filesDir, [outcome.media.thumbnail_url], log);
  }
  return outcome.kind;
}

/**
 * POST medias/{id}/build: the zip, checked and extracted into a new version folder, then swapped in
 * (the media becomes a build; its stage loads the new version); the old version's folder goes after.
 */
async function uploadBuild(
  deps: MediaServiceDeps,
  principal: Principal,
  id: number,
  file: ReceivedFile | undefined,
): Promise<AdminMedia> {
  const { db, filesDir, now, buildLimits, storageQuotaBytes } = deps;
  staffOf(principal);
  const media = await ownMedia(db, principal, id);
  const labId = media.lab_id ?? principal.labId;
  if (!file) throw invalid('file', MESSAGES.fieldRequired);
  if (file.size === 0) throw invalid('file', 'is empty');
  if (!looksLikeZip(file.head)) {
    throw new DomainError('unsupported_media_type', 'file: is not a zip archive: send the build as a .zip.');
  }
  const version = newBuildVersion();
  const versionKey = buildVersionKey(labId, id, version);
  // The new build replaces the media's current one: its bytes are not counted against the quota.
  const storage = { labId, replacing: { mediaId: id }, what: 'this build once extracted' };
  let replaced: string | null;
  let row: MediaRow;
  try {
    const contents = await extractBuild(file.path, storedFilePath(filesDir, versionKey), buildLimits, {
      // Before a byte is written, from the sizes the zip declares (yauzl holds each entry to its own).
      admit: (declaredBytes) =>
        checkStorageRoom(db, storageQuotaBytes, { ...storage, addingBytes: declaredBytes }),
    });
    ({ row, replaced } = await db.transaction().execute(async (trx) => {
      // Deleted or archived meanwhile: the new files have no media to belong to (404, removed below).
      const current = await ownMedia(trx, principal, id, true);
      // Again with the bytes written, under the lab's lock: another upload may have taken the room.
      await reserveStorageRoom(trx, storageQuotaBytes, {
        ...storage,
        addingBytes: contents.unpackedBytes,
      });
      const row = await updateMedia(trx, id, {
        kind: 'build',
        build_version: version,
        build_path: buildUrl(id, version),
        build_compression: contents.compression,
        build_size_bytes: contents.unpackedBytes,
        build_file_count: contents.fileCount,
        build_uploaded_at: now(),
      });
      return { row, replaced: current.build_version };
    }));
  } catch (error) {
    await removeFolder(deps, versionKey);
    throw error;
  }
  if (replaced !== null) await removeFolder(deps, buildVersionKey(labId, id, replaced));
  return toAdminMedia(row);
}

/** PUT medias/{id}/thumbnail: a picture (PNG, JPEG, WebP or GIF, told by its bytes) replaces the old. */
async function setThumbnail(
  deps: MediaServiceDeps,
  principal: Principal,
  id: number,
  file: ReceivedFile | undefined,
): Promise<AdminMedia> {
  const { db, filesDir, log } = deps;
  staffOf(principal);
  await ownMedia(db, principal, id);
  if (!file) throw invalid('file', MESSAGES.fieldRequired);
  if (file.size === 0) throw invalid('file', 'is empty');
  const detection = await detectImageType(file);
  if (!detection.accepted) {
    const accepted = IMAGE_TYPES.map((type) => type.ext.toUpperCase()).join(', ');
    throw new DomainError(
      'unsupported_media_type',
      `file: its content is ${detection.detected}, which is not accepted as a thumbnail (${accepted}).`,
    );
  }
  const name = newPictureName(detection.type);
  const key = pictureKey(name);
  if (key === undefined) throw new Error(`${name} is not a picture name`);
  await keepReceivedFile(filesDir, file, key);
  let before: string | null;
  let row: MediaRow;
  try {
    ({ before, row } = await db.transaction().execute(async (trx) => {
      const current = await ownMedia(trx, principal, id, true);
      const row = await updateMedia(trx, id, { thumbnail_url: pictureUrl(name) });
      return { before: current.thumbnail_url, row };
    }));
  } catch (error) {
    await removePictures(filesDir, [pictureUrl(name)], log);
    throw error;
  }
  await removePictures(filesDir, [before], log);
  return toAdminMedia(row);
}
