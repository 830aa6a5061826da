// The event calls as the back-office spec writes them (section 7; the Event's fields, section 3; issue 28),
// beside the project's own event form (eventForm.ts), which the web app sends:
// - POST events takes `planned_start_date` and `planned_end_date` as local date-time text
//   (`2026-12-01 14:00` or `2026-12-01T14:00`) read on the clocks of `currentTimeZone` (the IANA zone of
//   the client that wrote them), `is_public` and the reminder flags as 0/1; it is turned here into the
//   project's form (a day and two times in the event's zone), so every rule of the form and of the event
//   service (the end after the start, blocked days, the lab's medias, rooms) applies to both alike.
// - PUT events/{id} then sends some fields only (auto_dispatcher, default_timezone, medias, the flags):
//   a partial edit, merged here into the event as it stands (`mergeEventPatch`); what is not sent is kept.
import { z } from 'zod';
import { invalid } from '../shared/errors.ts';
import { timeZoneSchema, wallClockInstants, wallClockProblem } from '../shared/timeZone.ts';
import { hasAnyField, unionByFields } from '../shared/unionByFields.ts';
import {
  type EventForm,
  type EventFormInput,
  eventFormSchema,
  eventLifecycleSchema,
  type StoredEvent,
  storedEventForm,
  wallClock,
} from './eventForm.ts';

const FLAG_MESSAGE = 'must be 0 or 1 (or true or false)';

/** A yes/no field as the spec writes it, 0 or 1; true and false are taken too. */
export const flagSchema = z
  .union([z.literal([0, 1]), z.boolean()], { error: FLAG_MESSAGE })
  .transform((flag) => flag === 1 || flag === true);

const DATE_TIME =
  /^(\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01]))[T ]((?:[01]\d|2[0-3]):[0-5]\d)(?::([0-5]\d)(?:\.(\d{1,3}))?)?(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?$/;
const DATE_TIME_MESSAGE = 'must be a local date-time written YYYY-MM-DD HH:mm, e.g. 2026-12-01 14:00';

type DateTimeText = { day: string; time: string; offsetMinutes: number | undefined };

/** A spec date-time's day, time and (when it carries one, `Z` or `+02:00`) offset; undefined if malformed. */
function readDateTime(value: string): DateTimeText | undefined {
  const [, day, time, seconds = '00', fraction = '0', offset] = DATE_TIME.exec(value) ?? [];
  if (!day || !time || Number(seconds) !== 0 || Number(fraction) !== 0) return undefined;
  // 2026-02-31 matches the pattern; no calendar has it.
  if (new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) !== day) return undefined;
  if (offset === undefined) return { day, time, offsetMinutes: undefined };
  if (offset === 'Z') return { day, time, offsetMinutes: 0 };
  const digits = offset.replace(':', '');
  const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5));
  return { day, time, offsetMinutes: offset.startsWith('-') ? -minutes : minutes };
}

/** `planned_start_date` and `planned_end_date`: local text, on a whole minute (the form's times are). */
const dateTimeSchema = z
  .string()
  .max(40)
  .refine((value) => readDateTime(value) !== undefined, { error: DATE_TIME_MESSAGE })
  .meta({
    description:
      'Local date-time on the clocks of currentTimeZone: "2026-12-01 14:00" or "2026-12-01T14:00" (seconds, if any, 00). Text with its own offset ("2026-12-01T13:00Z", "…+01:00") is that instant.',
    examples: ['2026-12-01 14:00'],
  });

const mediaIdSchema = eventFormSchema.shape.medias.element;
/** The spec's medias: ids, or the media objects (`{ id }`) GET events/{id} answers. */
const specMediasSchema = z.array(
  z.union([mediaIdSchema, z.object({ id: mediaIdSchema }).transform((media) => media.id)]),
);

type Checked<T> = { ok: true; value: T } | { ok: false; field: string; message: string };
const refused = (field: string, message: string): Checked<never> => ({ ok: false, field, message });

/**
 * The instant a spec date-time stands for: with an offset, that instant; else the wall clock of `zone`,
 * refused when the clocks skip or repeat it there (wallClockProblem).
 */
function instantOf(field: string, value: string, zone: string): Checked<Date> {
  const text = readDateTime(value);
  if (!text) return refused(field, DATE_TIME_MESSAGE);
  if (text.offsetMinutes !== undefined) {
    const wall = new Date(`${text.day}T${text.time}:00Z`).getTime();
    return { ok: true, value: new Date(wall - text.offsetMinutes * 60_000) };
  }
  const problem = wallClockProblem(text.day, text.time, zone);
  const [instant] = wallClockInstants(text.day, text.time, zone);
  return problem || !instant ? refused(field, problem ?? DATE_TIME_MESSAGE) : { ok: true, value: instant };
}

/**
 * The form's day and times in the event's zone for two instants. The form holds one day and two times,
 * so an event runs within one day of its zone, its end after its start on that day's clock; and those
 * must stand for the same instants again (a time the event's zone repeats could not).
 */
function formTimes(
  start: Date,
  end: Date,
  zone: string,
): Checked<Pick<EventForm, 'date' | 'start_time' | 'end_time'>> {
  const from = wallClock(start, zone);
  const to = wallClock(end, zone);
  if (from.day !== to.day) {
    return refused('planned_end_date', `must be on the same day as planned_start_date in ${zone}.`);
  }
  if (to.time <= from.time) return refused('planned_end_date', 'must be after planned_start_date.');
  // Read on another zone's clocks, or written with an offset, a time may fall in the hour the event's
  // zone repeats: its form could not say which.
  for (const [field, wall] of [
    ['planned_start_date', from],
    ['planned_end_date', to],
  ] as const) {
    const problem = wallClockProblem(wall.day, wall.time, zone);
    if (problem) return refused(field, problem);
  }
  return { ok: true, value: { date: from.day, start_time: from.time, end_time: to.time } };
}

/** The form's day and times for a spec payload's two date-times, read on `readIn`'s clocks. */
function plannedTimes(
  dates: { start: string | Date; end: string | Date },
  readIn: string,
  zone: string,
): Checked<Pick<EventForm, 'date' | 'start_time' | 'end_time'>> {
  const start =
    typeof dates.start === 'string'
      ? instantOf('planned_start_date', dates.start, readIn)
      : { ok: true as const, value: dates.start };
  if (!start.ok) return start;
  const end =
    typeof dates.end === 'string'
      ? instantOf('planned_end_date', dates.end, readIn)
      : { ok: true as const, value: dates.end };
  if (!end.ok) return end;
  return formTimes(start.value, end.value, zone);
}

const form = eventFormSchema.shape;
const described = <T extends z.ZodType>(schema: T, description: string) => schema.meta({ description });

/** The Event's fields a spec payload may carry (section 3), each optional here: see the two shapes below. */
const specFields = {
  name: form.name,
  type: form.type.unwrap(),
  description: form.description.unwrap(),
  rooms_needed: form.rooms_needed,
  medias: specMediasSchema,
  is_public: described(flagSchema, '0 or 1'),
  auto_dispatcher: described(flagSchema, '1: guests placed in the rooms automatically; 0: by hand'),
  email_relaunch_J7: described(flagSchema, '0 or 1: a reminder 7 days before'),
  email_relaunch_J1: described(flagSchema, '0 or 1: a reminder 1 day before'),
  email_relaunch_h1: described(flagSchema, '0 or 1: a reminder 1 hour before'),
  planned_start_date: dateTimeSchema,
  planned_end_date: dateTimeSchema,
  currentTimeZone: described(timeZoneSchema, 'The IANA zone the local date-times are written in'),
  default_timezone: described(
    timeZoneSchema,
    "The event's zone (its guests' mails and pages show it); currentTimeZone when not sent",
  ),
};

/** The fields only the spec's shape has: a payload carrying one is read as the spec's. */
const SPEC_ONLY = ['planned_start_date', 'planned_end_date', 'currentTimeZone'] as const;
/** The fields only the project's form has. */
const FORM_ONLY = ['date', 'start_time', 'end_time'] as const;

/** POST events as the spec writes it, turned into the project's form (then checked as the form is). */
export const specEventFormSchema = z
  .strictObject({
    ...specFields,
    type: specFields.type.optional(),
    description: specFields.description.optional(),
    rooms_needed: specFields.rooms_needed.default(1),
    is_public: specFields.is_public.default(false),
    auto_dispatcher: specFields.auto_dispatcher.default(true),
    email_relaunch_J7: specFields.email_relaunch_J7.default(false),
    email_relaunch_J1: specFields.email_relaunch_J1.default(false),
    email_relaunch_h1: specFields.email_relaunch_h1.default(false),
    currentTimeZone: specFields.currentTimeZone.optional(),
    default_timezone: specFields.default_timezone.optional(),
  })
  .transform((spec, context): EventFormInput => {
    const readIn = spec.currentTimeZone ?? spec.default_timezone;
    if (!readIn) {
      context.addIssue({
        code: 'custom',
        path: ['currentTimeZone'],
        message: 'is required',
        input: undefined,
      });
      return z.NEVER;
    }
    const zone = spec.default_timezone ?? readIn;
    const times = plannedTimes({ start: spec.planned_start_date, end: spec.planned_end_date }, readIn, zone);
    if (!times.ok) {
      context.addIssue({ code: 'custom', path: [times.field], message: times.message, input: undefined });
      return z.NEVER;
    }
    const { planned_start_date, planned_end_date, currentTimeZone, ...fields } = spec;
    return { ...fields, ...times.value, default_timezone: zone };
  })
  .pipe(eventFormSchema)
  .meta({
    title: 'The spec’s event (back-office spec, section 7)',
    description:
      'planned_start_date and planned_end_date as local date-time text on the clocks of currentTimeZone, within one day of the event’s zone (default_timezone, else currentTimeZone); flags as 0/1. A time the clocks skip or repeat at a daylight-saving change is refused.',
  });

/** PUT events/{id} as the spec writes it: the fields sent change, the others are kept. */
export const eventPatchSchema = z
  .strictObject(specFields)
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { error: 'send at least one field to change' })
  .meta({
    title: 'The spec’s partial edit (back-office spec, section 7)',
    description:
      'Any of the event’s fields; those not sent keep their value. Changing default_timezone alone keeps the event’s instants (its times are shown on the new zone’s clocks). planned_start_date / planned_end_date are read on currentTimeZone’s clocks, else the event’s zone.',
  });
export type EventPatch = z.infer<typeof eventPatchSchema>;

/** POST /api/events: the project's form or the spec's payload (told by its fields), both as the form. */
export const createEventRequestSchema = unionByFields([eventFormSchema, specEventFormSchema], (payload) =>
  hasAnyField(payload, SPEC_ONLY) && !hasAnyField(payload, FORM_ONLY) ? specEventFormSchema : eventFormSchema,
);

/** PUT /api/events/{id}: a start or close (`active`), the project's whole form, or the spec's partial edit. */
export const updateEventRequestSchema = unionByFields(
  [eventLifecycleSchema, eventFormSchema, eventPatchSchema],
  (payload) =>
    hasAnyField(payload, ['active'])
      ? eventLifecycleSchema
      : hasAnyField(payload, FORM_ONLY)
        ? eventFormSchema
        : eventPatchSchema,
);
export type UpdateEventRequest = z.infer<typeof updateEventRequestSchema>;

/**
 * The project's form for the event once `patch` is applied: the fields sent replace those stored, and
 * the result is checked as a whole form (a public event cannot place guests by hand, and so on). The
 * planned instants stay unless a date is sent: a new default_timezone alone shows the same instants on
 * another zone's clocks. A refusal names the field (a DomainError `validation`).
 */
export function mergeEventPatch(event: StoredEvent, patch: EventPatch): EventForm {
  const { planned_start_date, planned_end_date, currentTimeZone, ...fields } = patch;
  const zone = patch.default_timezone ?? event.default_timezone;
  const times = plannedTimes(
    {
      start: planned_start_date ?? new Date(event.planned_start_date),
      end: planned_end_date ?? new Date(event.planned_end_date),
    },
    currentTimeZone ?? zone,
    zone,
  );
  if (!times.ok) throw invalid(times.field, times.message);
  const merged = eventFormSchema.safeParse({
    ...storedEventForm(event),
    ...fields,
    ...times.value,
    default_timezone: zone,
  } satisfies EventFormInput);
  if (!merged.success) {
    const [issue] = merged.error.issues;
    throw invalid(issue?.path.join('.') || '(body)', issue?.message ?? 'is invalid');
  }
  return merged.data;
}
