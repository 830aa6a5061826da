// A media's own mail templates as the media form writes them (issue 28): listed, saved and removed per
// kind and language (removed: the mails go back to LabLive's wording), and previewed. The same people
// as for the media itself: staff of the media's lab (another lab's media is as absent as an unknown
// one; a shared media's templates are read-only). The checks of a template are the domain's
// (`mailTemplateFormSchema`, applied to the body by the route).
//
// A preview fills the template from a sample event through `eventMailFrom`, the one path the real mails
// take, so what the form shows is what a guest would read.
import {
  LOCALES,
  type Locale,
  type MailPreview,
  type MailTemplateForm,
  MEDIA_TEMPLATE_KINDS,
  type MediaMailTemplate,
  type MediaTemplateKind,
  notFound,
  type Principal,
  plannedInstants,
  wallClock,
} from '@lablive/domain';
import type { Db } from '../db/connection.ts';
import { findLab } from '../labs/labs.repository.ts';
import { eventMailFrom } from '../mail/mediaTemplates.ts';
import {
  deleteMediaTemplate,
  listMediaTemplates,
  replaceMediaTemplate,
  type TemplateSlot,
} from './mailTemplates.repository.ts';
import { ownMedia, staffOf } from './mediaService.ts';
import { findVisibleMedia } from './medias.repository.ts';

export type MediaMailTemplatesDeps = { db: Db; publicUrl: string; now: () => Date };

/** Which template: the media, the kind of mail and its language. */
export type TemplateSlotRequest = { id: number; kind: MediaTemplateKind; locale: Locale };

/** The sample event of a preview, in the template's language: clearly not a real one. */
const SAMPLE: Record<Locale, { event: string; guest: string }> = {
  en: { event: 'Sample event', guest: 'Alex Sample' },
  fr: { event: 'Événement exemple', guest: 'Camille Exemple' },
  de: { event: 'Beispielveranstaltung', guest: 'Erika Mustermann' },
};

const slotOf = ({ id, kind, locale }: TemplateSlotRequest): TemplateSlot => ({ mediaId: id, kind, locale });

const DAY_MS = 24 * 60 * 60 * 1000;

/** A week from today in the lab's zone, at 14:00 there. */
function nextWeekAtTwo(now: Date, timeZone: string): Date {
  const today = wallClock(now, timeZone).day;
  const day = new Date(Date.parse(`${today}T00:00:00Z`) + 7 * DAY_MS).toISOString().slice(0, 10);
  return plannedInstants({ date: day, start_time: '14:00', end_time: '15:00', default_timezone: timeZone })
    .plannedStart;
}

export type MediaMailTemplates = ReturnType<typeof createMediaMailTemplates>;

export function createMediaMailTemplates({ db, publicUrl, now }: MediaMailTemplatesDeps) {
  return {
    /** GET medias/{id}/email-templates: the templates the media has, by kind and language. */
    async list(principal: Principal, mediaId: number): Promise<MediaMailTemplate[]> {
      staffOf(principal);
      if (!(await findVisibleMedia(db, principal.labId, mediaId))) throw notFound('media', mediaId);
      const rows = await listMediaTemplates(db, mediaId);
      return rows.flatMap(({ tag, locale, subject, body }) => {
        const template = { kind: tag, locale, subject, body };
        return isSlot(template) ? [template] : [];
      });
    },

    /** PUT medias/{id}/email-templates/{kind}/{locale}: the slot's template, replaced or created. */
    async save(principal: Principal, slot: TemplateSlotRequest, form: MailTemplateForm) {
      staffOf(principal);
      return db.transaction().execute(async (trx) => {
        // The media's row lock: two saves of one slot replace each other, never both insert.
        const media = await ownMedia(trx, principal, slot.id, true);
        const labId = media.lab_id ?? principal.labId;
        await replaceMediaTemplate(trx, { ...slotOf(slot), labId }, form);
        return { kind: slot.kind, locale: slot.locale, subject: form.subject, body: form.body };
      });
    },

    /** DELETE the same: the media's mails of that kind and language go back to LabLive's wording. */
    async remove(principal: Principal, slot: TemplateSlotRequest): Promise<void> {
      staffOf(principal);
      await db.transaction().execute(async (trx) => {
        await ownMedia(trx, principal, slot.id, true);
        const removed = await deleteMediaTemplate(trx, slotOf(slot));
        if (!removed) throw notFound(`${slot.kind} template in ${slot.locale} of media`, slot.id);
      });
    },

    /** POST .../preview: the template (saved or not) filled from a sample event, as a guest reads it. */
    async preview(
      principal: Principal,
      slot: TemplateSlotRequest,
      form: MailTemplateForm,
    ): Promise<MailPreview> {
      staffOf(principal);
      if (!(await findVisibleMedia(db, principal.labId, slot.id))) throw notFound('media', slot.id);
      const timeZone = (await findLab(db, principal.labId))?.timeZone ?? 'UTC';
      const sample = SAMPLE[slot.locale];
      const base = publicUrl.replace(/\/+$/, '');
      return eventMailFrom(
        form,
        slot.locale,
        {
          name: sample.guest,
          eventName: sample.event,
          startsAt: nextWeekAtTwo(now(), timeZone),
          timeZone,
          url: `${base}/sample-invitation-link`,
          calendarUrl: `${base}/sample-calendar-link`,
        },
        () => {
          throw new Error('a preview always has its template');
        },
      );
    },
  };
}

/** A stored row whose kind and language the form offers (rows written by SQL may hold others). */
function isSlot(row: { kind: string; locale: string }): row is MediaMailTemplate {
  return (
    (MEDIA_TEMPLATE_KINDS as readonly string[]).includes(row.kind) &&
    (LOCALES as readonly string[]).includes(row.locale)
  );
}
