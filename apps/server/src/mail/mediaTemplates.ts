// The mails about an event in its media's own wording when the media has a template for that kind of
// mail in the reader's language (`email_templates`, GET /api/email-templates?media=), else LabLive's
// (templates.ts). A template is plain text with placeholders (domain mailTemplate.ts); its HTML part is
// made here: paragraphs, line breaks, and the links as links.
import { fillTemplate, type Locale, type MailKind, type TemplateValues } from '@lablive/domain';
import type { Db } from '../db/connection.ts';
import { dateTime, escapeHtml, oneLineValues, type RenderedMail } from './mailFormat.ts';

/** The template of the event's first media (in the event's order) that has one for `kind` in `locale`. */
export async function findMediaTemplate(db: Db, eventId: number, kind: MailKind, locale: Locale) {
  return (await findMediaTemplates(db, [eventId], kind)).get(mediaTemplateKey(eventId, locale));
}

/** Where `findMediaTemplates` files an event's template in a language. */
export const mediaTemplateKey = (eventId: number, locale: Locale) => `${eventId}:${locale}`;

/**
 * The same for several events and every language, in one statement (a batch of reminders spans many
 * events): by `mediaTemplateKey`, absent where LabLive's own wording applies.
 */
export async function findMediaTemplates(db: Db, eventIds: readonly number[], kind: MailKind) {
  if (eventIds.length === 0) return new Map<string, { subject: string; body: string }>();
  const rows = await db
    .selectFrom('email_templates')
    .innerJoin('event_medias', 'event_medias.media_id', 'email_templates.media_id')
    .distinctOn(['event_medias.event_id', 'email_templates.locale'])
    .select([
      'event_medias.event_id',
      'email_templates.locale',
      'email_templates.subject',
      'email_templates.body',
    ])
    .where('event_medias.event_id', 'in', eventIds)
    .where('email_templates.tag', '=', kind)
    .where('email_templates.body', '<>', '')
    .orderBy('event_medias.event_id')
    .orderBy('email_templates.locale')
    .orderBy('event_medias.position')
    .orderBy('email_templates.id')
    .execute();
  return new Map(
    rows.map((row) => [
      mediaTemplateKey(row.event_id, row.locale as Locale),
      { subject: row.subject, body: row.body },
    ]),
  );
}

/** Escaped text with its http(s) addresses as links. */
function linked(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"]+)/g)
    .map((part, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');
}

/** The template filled: its own lines kept, each value one line (a name cannot add a line of its own). */
export function fromTemplate(
  template: { subject: string; body: string },
  given: TemplateValues,
): RenderedMail {
  const values = oneLineValues(given);
  const text = fillTemplate(template.body, values).replace(/\r\n/g, '\n').trim();
  const html = text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${paragraph.split('\n').map(linked).join('<br>')}</p>`)
    .join('\n');
  return { subject: fillTemplate(template.subject, values).replace(/\s+/g, ' ').trim(), text, html };
}

/** What LabLive's own templates are given, as a media template's placeholders read it. */
export type EventMailParams = {
  name: string;
  eventName: string;
  startsAt: Date;
  timeZone: string;
  url?: string | undefined;
  calendarUrl?: string | undefined;
};

/**
 * The mail about `eventId` of `kind` in `locale`: its media's template filled with `values` when there
 * is one, else `standard()` (LabLive's own wording).
 */
export async function eventMail(
  db: Db,
  about: { eventId: number; kind: MailKind; locale: Locale },
  params: EventMailParams,
  standard: () => RenderedMail,
): Promise<RenderedMail> {
  const template = await findMediaTemplate(db, about.eventId, about.kind, about.locale);
  return eventMailFrom(template, about.locale, params, standard);
}

/** The same, with the media's template already looked up (once for a batch of mails about one event). */
export function eventMailFrom(
  template: { subject: string; body: string } | undefined,
  locale: Locale,
  params: EventMailParams,
  standard: () => RenderedMail,
): RenderedMail {
  if (!template) return standard();
  return fromTemplate(template, {
    name: params.name,
    event: params.eventName,
    date: dateTime(locale, params.startsAt, params.timeZone),
    link: params.url ?? '',
    calendarLink: params.calendarUrl ?? '',
  });
}

/** The mail templates a media brings (the lab's and the shared ones), as the planning page lists them. */
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
