// A media's own mail templates (issue 16): a lab may give a media (a game, a quiz) its own wording of
// the mails about the events that use it, per kind of mail and language (`email_templates` with
// `media_id`, `tag` the mail's kind, `locale`). Its subject and body are plain text with placeholders,
// filled here; a placeholder it does not know is left as written, so a typo shows in the mail instead of
// silently disappearing.
import { z } from 'zod';
import { localeSchema } from '../auth/responses.ts';
import { hasNoControlCharacters } from '../documents/documents.ts';
import { idSchema } from '../shared/ids.ts';
import { text } from '../shared/text.ts';

/** What a template may say: `{{name}}`, `{{event}}`, `{{date}}`, `{{link}}`, `{{calendarLink}}`. */
export const TEMPLATE_FIELDS = ['name', 'event', 'date', 'link', 'calendarLink'] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];
export type TemplateValues = Record<TemplateField, string>;

const isField = (name: string): name is TemplateField =>
  (TEMPLATE_FIELDS as readonly string[]).includes(name);

export function fillTemplate(template: string, values: TemplateValues): string {
  return template.replace(/\{\{\s*([A-Za-z]+)\s*\}\}/g, (placeholder, name: string) =>
    isField(name) ? values[name] : placeholder,
  );
}

// Writing a media's templates (issue 28): the back office's media form saves one per kind and language,
// checked here so the form and the server refuse the same things.

/** The kinds of mail a media may word: the mails about an event the server composes with its template. */
export const MEDIA_TEMPLATE_KINDS = ['invitation', 'reminder', 'event_update', 'event_cancelled'] as const;
export type MediaTemplateKind = (typeof MEDIA_TEMPLATE_KINDS)[number];

export const MAIL_TEMPLATE_LIMITS = { subject: 200, body: 10_000 } as const;

/** The template rules' messages, fixed so the web shows each in the reader's language. */
export const MAIL_TEMPLATE_MESSAGES = {
  required: 'must not be empty',
  singleLine: 'must be a single line of text',
  subjectTooLong: `must be at most ${MAIL_TEMPLATE_LIMITS.subject} characters`,
  bodyTooLong: `must be at most ${MAIL_TEMPLATE_LIMITS.body} characters`,
  unknownPlaceholder: `uses a placeholder that is not one of ${TEMPLATE_FIELDS.map((field) => `{{${field}}}`).join(', ')}`,
} as const;

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders written in `template` that `fillTemplate` would leave as written, each once. */
export function unknownPlaceholders(template: string): string[] {
  const names = [...template.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
  return [...new Set(names.filter((name) => !isField(name)))].map((name) => `{{${name}}}`);
}

const knownPlaceholders = (value: string) => unknownPlaceholders(value).length === 0;

/** PUT and preview of medias/{id}/email-templates/{kind}/{locale}: the template as written. */
export const mailTemplateFormSchema = z.strictObject({
  subject: text()
    .trim()
    .min(1, MAIL_TEMPLATE_MESSAGES.required)
    .max(MAIL_TEMPLATE_LIMITS.subject, MAIL_TEMPLATE_MESSAGES.subjectTooLong)
    .refine(hasNoControlCharacters, MAIL_TEMPLATE_MESSAGES.singleLine)
    .refine(knownPlaceholders, MAIL_TEMPLATE_MESSAGES.unknownPlaceholder),
  body: text()
    .refine((value) => value.trim() !== '', MAIL_TEMPLATE_MESSAGES.required)
    .refine((value) => value.length <= MAIL_TEMPLATE_LIMITS.body, MAIL_TEMPLATE_MESSAGES.bodyTooLong)
    .refine(knownPlaceholders, MAIL_TEMPLATE_MESSAGES.unknownPlaceholder),
});
export type MailTemplateForm = z.infer<typeof mailTemplateFormSchema>;

/** The path's kind and language. */
export const mailTemplateParamsSchema = z.object({
  id: idSchema,
  kind: z.enum(MEDIA_TEMPLATE_KINDS),
  locale: localeSchema,
});

/** GET medias/{id}/email-templates and the answer of a PUT: a template the media has. */
export const mediaMailTemplateSchema = z.object({
  kind: z.enum(MEDIA_TEMPLATE_KINDS),
  locale: localeSchema,
  subject: z.string(),
  body: z.string(),
});
export type MediaMailTemplate = z.infer<typeof mediaMailTemplateSchema>;

/** POST .../preview: the mail as a guest would read it, filled from a sample event. */
export const mailPreviewSchema = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export type MailPreview = z.infer<typeof mailPreviewSchema>;
