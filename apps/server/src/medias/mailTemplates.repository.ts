// A media's own mail templates as the media form writes them (`email_templates` rows with `media_id`):
// listed, replaced and deleted per kind and language. The mails read them in mail/mediaTemplates.ts.
// Plain Kysely functions taking `db | trx` first.
import type { Locale, MediaTemplateKind } from '@lablive/domain';
import type { Db } from '../db/connection.ts';

export type TemplateSlot = { mediaId: number; kind: MediaTemplateKind; locale: Locale };

/** The media's templates, one per kind and language (the one the mails use: the first written). */
export async function listMediaTemplates(db: Db, mediaId: number) {
  return db
    .selectFrom('email_templates')
    .distinctOn(['tag', 'locale'])
    .select(['tag', 'locale', 'subject', 'body'])
    .where('media_id', '=', mediaId)
    .where('body', '<>', '')
    .orderBy('tag')
    .orderBy('locale')
    .orderBy('id')
    .execute();
}

/** Removes the media's template for the slot; whether there was one. */
export async function deleteMediaTemplate(db: Db, slot: TemplateSlot): Promise<boolean> {
  const result = await db
    .deleteFrom('email_templates')
    .where('media_id', '=', slot.mediaId)
    .where('tag', '=', slot.kind)
    .where('locale', '=', slot.locale)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * The slot's template replaced by this one (the table has no key on the slot: the caller holds the
 * media's row lock, so two saves cannot both insert).
 */
export async function replaceMediaTemplate(
  trx: Db,
  slot: TemplateSlot & { labId: number },
  template: { subject: string; body: string },
) {
  await deleteMediaTemplate(trx, slot);
  await trx
    .insertInto('email_templates')
    .values({
      lab_id: slot.labId,
      media_id: slot.mediaId,
      tag: slot.kind,
      locale: slot.locale,
      subject: template.subject,
      body: template.body,
    })
    .execute();
}
