// A media's own mail templates (issue 16): a lab may give a media (a game, a quiz) its own wording of
// the mails about the events that use it, per kind of mail and language (`email_templates` with
// `media_id`, `tag` the mail's kind, `locale`). Its subject and body are plain text with placeholders,
// filled here; a placeholder it does not know is left as written, so a typo shows in the mail instead of
// silently disappearing.

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
