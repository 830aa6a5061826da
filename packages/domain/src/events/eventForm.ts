// The event form of the back office (back-office spec, sections 2.3, 5 and 9), one schema for the web
// form and for POST/PUT /api/events. Dates travel as the form shows them: a day and two times, local to
// the event's time zone, turned into instants here so the server and the browser agree on them.
import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import { hasNoControlCharacters, SINGLE_LINE_MESSAGE } from '../documents/documents.ts';
import { idSchema } from '../shared/ids.ts';
import { text } from '../shared/text.ts';
import { timeZoneSchema, wallClockProblem } from '../shared/timeZone.ts';
import type { LabEventDetails } from './labEvents.ts';

export const EVENT_LIMITS = {
  name: 200,
  /** Visible characters of the description (the spec's hint: 150 characters maximum). */
  descriptionCharacters: 150,
  /** The description's markup, tags included: room for the 150 characters' formatting. */
  descriptionMarkup: 2000,
  rooms: 50,
} as const;

/** The spec's defaults (section 9): one room, automatic distribution, 09:00 to 18:00 today. */
export const EVENT_DEFAULTS = { type: 'rp', rooms: 1, startTime: '09:00', endTime: '18:00' } as const;

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The instant a wall-clock day and time stand for in a time zone (`2026-12-01`, `14:00`). */
export function zonedInstant(day: string, time: string, timeZone: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(new TZDate(year, month - 1, date, hours, minutes, timeZone).getTime());
}

/** The day (`YYYY-MM-DD`) and time (`HH:mm`) of an instant on the wall clocks of a time zone. */
export function wallClock(instant: string | Date, timeZone: string): { day: string; time: string } {
  const zoned = new TZDate(new Date(instant).getTime(), timeZone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    day: `${zoned.getFullYear()}-${pad(zoned.getMonth() + 1)}-${pad(zoned.getDate())}`,
    time: `${pad(zoned.getHours())}:${pad(zoned.getMinutes())}`,
  };
}

/** The visible text of the description's markup, as the 150-character rule counts it. */
export function descriptionCharacters(markup: string): number {
  const visible = markup
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, '_')
    .trim();
  return [...visible].length;
}

/** The fields of the form, as the web form holds them and the API receives them. */
export const eventFormSchema = z
  .strictObject({
    // One line: the name is written into mails (a line break would forge a line of ours there).
    name: text()
      .trim()
      .min(1, { error: 'This field must be filled' })
      .max(EVENT_LIMITS.name)
      .refine(hasNoControlCharacters, { error: SINGLE_LINE_MESSAGE }),
    type: text().trim().min(1).max(50).default(EVENT_DEFAULTS.type),
    description: text()
      .max(EVENT_LIMITS.descriptionMarkup)
      .refine((markup) => descriptionCharacters(markup) <= EVENT_LIMITS.descriptionCharacters, {
        error: `must be at most ${EVENT_LIMITS.descriptionCharacters} characters`,
      })
      .default(''),
    rooms_needed: z.number().int().min(1).max(EVENT_LIMITS.rooms),
    auto_dispatcher: z.boolean().default(true),
    is_public: z.boolean().default(false),
    medias: z.array(z.number().int().positive()).min(1, { error: 'choose a presentation media' }).max(20),
    email_relaunch_J7: z.boolean().default(false),
    email_relaunch_J1: z.boolean().default(false),
    email_relaunch_h1: z.boolean().default(false),
    // Guests (participants, observers) wait in the lobby until a host admits them; hosts never wait.
    lobby: z.boolean().default(false),
    date: z.string().regex(DAY, { error: 'must be a day written YYYY-MM-DD' }),
    start_time: z.string().regex(TIME, { error: 'must be a time written HH:mm' }),
    end_time: z.string().regex(TIME, { error: 'must be a time written HH:mm' }),
    default_timezone: timeZoneSchema,
  })
  .superRefine((form, context) => {
    if (form.end_time <= form.start_time) {
      context.addIssue({ code: 'custom', path: ['end_time'], message: 'must be after the start time' });
    }
    // A time the event's zone skips or repeats (daylight saving) names no one instant to tell guests.
    for (const field of ['start_time', 'end_time'] as const) {
      if (!DAY.test(form.date) || !TIME.test(form[field])) continue;
      const problem = wallClockProblem(form.date, form[field], form.default_timezone);
      if (problem) context.addIssue({ code: 'custom', path: [field], message: problem });
    }
    if (form.is_public && !form.auto_dispatcher) {
      context.addIssue({
        code: 'custom',
        path: ['auto_dispatcher'],
        message: 'manual distribution is unavailable for a public event',
      });
    }
  });
export type EventForm = z.infer<typeof eventFormSchema>;
export type EventFormInput = z.input<typeof eventFormSchema>;

/** The event's fields the form holds (GET /api/events/{id} answers them). */
export type StoredEvent = Pick<
  LabEventDetails,
  | 'name'
  | 'type'
  | 'description'
  | 'rooms_needed'
  | 'auto_dispatcher'
  | 'is_public'
  | 'email_relaunch_J7'
  | 'email_relaunch_J1'
  | 'email_relaunch_h1'
  | 'lobby'
  | 'default_timezone'
  | 'planned_start_date'
  | 'planned_end_date'
  | 'medias'
>;

/** A stored event as the form holds it, its day and times read on its own zone's clocks: an edit's start. */
export function storedEventForm(event: StoredEvent): EventFormInput {
  const start = wallClock(event.planned_start_date, event.default_timezone);
  const end = wallClock(event.planned_end_date, event.default_timezone);
  return {
    name: event.name,
    type: event.type,
    description: event.description,
    rooms_needed: event.rooms_needed,
    auto_dispatcher: event.auto_dispatcher,
    is_public: event.is_public,
    medias: event.medias.map((media) => media.id),
    email_relaunch_J7: event.email_relaunch_J7,
    email_relaunch_J1: event.email_relaunch_J1,
    email_relaunch_h1: event.email_relaunch_h1,
    lobby: event.lobby,
    date: start.day,
    start_time: start.time,
    end_time: end.time,
    default_timezone: event.default_timezone,
  };
}

/** The planned instants of a form's day and times in its time zone. */
export function plannedInstants(
  form: Pick<EventForm, 'date' | 'start_time' | 'end_time' | 'default_timezone'>,
) {
  return {
    plannedStart: zonedInstant(form.date, form.start_time, form.default_timezone),
    plannedEnd: zonedInstant(form.date, form.end_time, form.default_timezone),
  };
}

/**
 * PUT /api/events/{id}: an edit (the form's fields, or the spec's partial edit: specEventRequest.ts),
 * a start (`active: true`) or a close (`active: false`). The start and end dates are the server's
 * clock; dates a client sends with them (the old client sends its own) are read and ignored.
 */
export const eventLifecycleSchema = z.strictObject({
  active: z.boolean(),
  start_date: z.string().max(64).optional(),
  end_date: z.string().max(64).optional(),
});

/** The response of POST /api/events. */
export const createdEventSchema = z.object({ id: z.number() });

/** GET /api/medias: the presentation medias a lab may choose for its events. */
export const mediaSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  thumbnail_url: z.string().nullable(),
});
export type MediaSummary = z.infer<typeof mediaSummarySchema>;

/** GET /api/deployment-schedulers: days no event may be planned on (`YYYY-MM-DD`). */
export const deploymentSchedulerSchema = z.object({ id: z.number(), date: z.string() });
export type DeploymentScheduler = z.infer<typeof deploymentSchedulerSchema>;

/** GET /api/email-templates?media=: the mail templates a media brings, by tag and language. */
export const emailTemplateSchema = z.object({
  id: z.number(),
  media_id: z.number().nullable(),
  email_tag: z.object({ tag: z.string() }),
  locale: z.string(),
  subject: z.string(),
  params: z.record(z.string(), z.unknown()),
  sendinblue_template_number: z.number().nullable(),
});
export const emailTemplatesQuerySchema = z.object({ media: idSchema.optional() });

/** The public link's last segment: the name in lower-case ASCII words, then the id that keeps it unique. */
export function eventSlug(name: string, id: number): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return words ? `${words}-${id}` : `event-${id}`;
}
