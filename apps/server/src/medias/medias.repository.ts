// The medias table, its one repository: as the back office's medias page reads and changes it (a lab's
// own medias and the platform's shared ones, no lab, archived ones left out; the events that use a media;
// a build's version swapped in), and as events and groups pick theirs from it. Plain Kysely functions
// taking `db | trx` first.
import type { AdminMedia, MediaKind, MediaSummary } from '@lablive/domain';
import type { Selectable } from 'kysely';
import type { Db } from '../db/connection.ts';
import type { MediasTable } from '../db/schema.ts';

export type MediaRow = Selectable<MediasTable>;

/** A row as the API shows it: its kind's address or build, the stage's URL, the canvas. */
export function toAdminMedia(row: MediaRow): AdminMedia {
  const build =
    row.kind === 'build' && row.build_version !== null && row.build_path !== null
      ? {
          version: row.build_version,
          url: row.build_path,
          size_bytes: row.build_size_bytes ?? 0,
          file_count: row.build_file_count ?? 0,
          compression: row.build_compression,
          uploaded_at: (row.build_uploaded_at ?? row.created_at).toISOString(),
        }
      : null;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    thumbnail_url: row.thumbnail_url,
    lab_id: row.lab_id,
    kind: row.kind,
    page_url: row.kind === 'page' ? row.build_path : null,
    build,
    build_path: row.build_path,
    canvas_width: row.canvas_width,
    canvas_height: row.canvas_height,
    full_canvas: row.full_canvas,
    created_at: row.created_at.toISOString(),
  };
}

/** The medias the lab sees (its own and the platform's), not archived, oldest first (the event form's order). */
export async function listVisibleMedias(db: Db, labId: number): Promise<MediaRow[]> {
  return db
    .selectFrom('medias')
    .selectAll()
    .where((eb) => eb.or([eb('lab_id', '=', labId), eb('lab_id', 'is', null)]))
    .where('archived_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** One media the lab sees (its own or the platform's), not archived; `lock` takes its row for a change. */
export async function findVisibleMedia(
  db: Db,
  labId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<MediaRow | undefined> {
  return db
    .selectFrom('medias')
    .selectAll()
    .where('id', '=', id)
    .where((eb) => eb.or([eb('lab_id', '=', labId), eb('lab_id', 'is', null)]))
    .where('archived_at', 'is', null)
    .$if(options.lock === true, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export type MediaColumns = {
  name: string;
  slug: string;
  kind: MediaKind;
  build_path: string | null;
  canvas_width: number;
  canvas_height: number;
  full_canvas: boolean;
};

export async function insertMedia(db: Db, labId: number, columns: MediaColumns): Promise<MediaRow> {
  return db
    .insertInto('medias')
    .values({ ...columns, lab_id: labId, build_compression: null, thumbnail_url: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

type BuildColumns = {
  build_version: string | null;
  build_path: string | null;
  build_compression: string | null;
  build_size_bytes: number | null;
  build_file_count: number | null;
  build_uploaded_at: Date | null;
};

/** No build: what a page, or a build not uploaded yet, holds. */
export const NO_BUILD: Omit<BuildColumns, 'build_path'> = {
  build_version: null,
  build_compression: null,
  build_size_bytes: null,
  build_file_count: null,
  build_uploaded_at: null,
};

export async function updateMedia(
  db: Db,
  id: number,
  columns: Partial<MediaColumns & BuildColumns & { thumbnail_url: string | null }>,
): Promise<MediaRow> {
  return db.updateTable('medias').set(columns).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** The lab's events that show the media, the open ones (not closed) first. */
export async function eventsUsingMedia(db: Db, mediaId: number) {
  return db
    .selectFrom('event_medias')
    .innerJoin('events', 'events.id', 'event_medias.event_id')
    .select(['events.id', 'events.name', 'events.end_date'])
    .where('event_medias.media_id', '=', mediaId)
    .orderBy('events.id')
    .execute();
}

/** Archives a media (closed events keep showing it); it leaves the lab's lists and its groups. */
export async function archiveMedia(db: Db, id: number, by: { userId: number; at: Date }): Promise<void> {
  await db.deleteFrom('group_medias').where('media_id', '=', id).execute();
  await db
    .updateTable('medias')
    .set({ archived_at: by.at, archived_by: by.userId })
    .where('id', '=', id)
    .execute();
}

/** Deletes a media no event uses (its groups' links and its mail templates go with it). */
export async function deleteMedia(db: Db, id: number): Promise<void> {
  await db.deleteFrom('medias').where('id', '=', id).execute();
}

/** The media whose current build is `version` (archived ones too: their closed events show them). */
export async function findServedBuild(db: Db, mediaId: number, version: string) {
  return db
    .selectFrom('medias')
    .select(['id', 'lab_id'])
    .where('id', '=', mediaId)
    .where('build_version', '=', version)
    .executeTakeFirst();
}

/** The medias a lab may give its events and its groups: its own and the shared ones, archived ones left out. */
export async function listLabMedias(db: Db, labId: number): Promise<MediaSummary[]> {
  return db
    .selectFrom('medias')
    .select(['id', 'name', 'slug', 'thumbnail_url'])
    .where((eb) => eb.or([eb('lab_id', '=', labId), eb('lab_id', 'is', null)]))
    .where('archived_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** The ids among `mediaIds` that the lab may not use (another lab's, an archived one, or none at all). */
export async function unknownMediaIds(db: Db, labId: number, mediaIds: readonly number[]): Promise<number[]> {
  if (mediaIds.length === 0) return [];
  const usable = await db
    .selectFrom('medias')
    .select('id')
    .where('id', 'in', mediaIds)
    .where((eb) => eb.or([eb('lab_id', '=', labId), eb('lab_id', 'is', null)]))
    .where('archived_at', 'is', null)
    .execute();
  const known = new Set(usable.map((row) => row.id));
  return mediaIds.filter((id) => !known.has(id));
}
