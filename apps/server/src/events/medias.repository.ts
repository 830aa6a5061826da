// The presentation medias a lab may give its events and its groups (its own and the platform's shared
// ones, archived ones left out) and the mail templates a media brings.
import type { MediaSummary } from '@lablive/domain';
import type { Db } from '../db/connection.ts';

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

export async function listEmailTemplates(db: Db, labId: number, mediaId: number | undefined) {
  const rows = await db
    .selectFrom('email_templates')
    .select(['id', 'media_id', 'tag', 'locale', 'subject', 'params', 'provider_template_number'])
    .where((eb) => eb.or([eb('lab_id', '=', labId), eb('lab_id', 'is', null)]))
    .$if(mediaId !== undefined, (qb) => qb.where('media_id', '=', mediaId ?? 0))
    .orderBy('id')
    .execute();
  return rows.map(({ tag, provider_template_number, params, ...row }) => ({
    ...row,
    params: params as Record<string, unknown>,
    email_tag: { tag },
    sendinblue_template_number: provider_template_number,
  }));
}
