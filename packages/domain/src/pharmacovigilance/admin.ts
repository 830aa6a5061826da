// The pharmacovigilance pages of the back office (back-office spec 2.9, 3 and 7): the lab's receivers of
// adverse-event reports (the E-mails tab) and the reports filed from its rooms (the Reports tab and the
// report page). One set of schemas for the server's routes and the web client's calls.
import { z } from 'zod';
import { MESSAGES } from '../auth/messages.ts';
import { queryNumberSchema } from '../shared/ids.ts';
import { text } from '../shared/text.ts';
import { PATIENT_AGE_RANGES, PATIENT_GENDERS } from './report.ts';
import { reportSignatureSchema } from './signature.ts';

const id = z.number().int().positive();

/** A list of ids for the bulk removals (at most a thousand at once: the largest page size). */
export const idsRequestSchema = z.object({
  ids: z.array(id).min(1, { error: 'must name at least one id' }).max(1000, { error: 'at most 1000 ids' }),
});
export type IdsRequest = z.infer<typeof idsRequestSchema>;

export const removedCountSchema = z.object({ removed: z.number().int() });

const receiverEmail = text({ error: MESSAGES.fieldRequired })
  .trim()
  .min(1, { error: MESSAGES.fieldRequired })
  .max(254, { error: 'must be at most 254 characters' })
  .pipe(z.email({ error: MESSAGES.invalidEmail }));

export const pharmacovigilanceReceiverSchema = z.object({
  id: z.number(),
  email: z.string(),
  active: z.boolean(),
  lab_id: z.number(),
});
export type PharmacovigilanceReceiver = z.infer<typeof pharmacovigilanceReceiverSchema>;

/**
 * POST pharmacovigilance-receiver: several addresses at once. `lab_id`, when sent, must be the caller's
 * own lab (the server answers 403 otherwise); an address the lab already has is not added twice.
 */
export const createReceiversRequestSchema = z.object({
  emails: z
    .array(
      z.object({
        email: receiverEmail,
        active: z.boolean().default(true),
        lab_id: id.optional(),
      }),
    )
    .min(1, { error: 'must hold at least one address' })
    .max(50, { error: 'at most 50 addresses at once' }),
});
export type CreateReceiversRequest = z.input<typeof createReceiversRequestSchema>;

/** PUT pharmacovigilance-receiver/{id}: a changed address, or switched on or off. */
export const updateReceiverRequestSchema = z
  .object({ email: receiverEmail.optional(), active: z.boolean().optional() })
  .refine((body) => body.email !== undefined || body.active !== undefined, {
    error: 'must change email or active',
  });
export type UpdateReceiverRequest = z.infer<typeof updateReceiverRequestSchema>;

/** The spec's page sizes for the report list (5, 15, 30; 50 is offered too). */
export const REPORT_PAGE_SIZES = [5, 15, 30, 50] as const;

/** GET pharmacovigilance-report?start=&count=: a page of the lab's reports, newest first. */
export const reportListQuerySchema = z.object({
  start: queryNumberSchema(0, Number.MAX_SAFE_INTEGER).default(0),
  count: queryNumberSchema(1, 100).default(5),
});

/** A report's reference, given to the reporter and printed on its PDF: PV-<year>-<id on 6 digits>. */
export function reportReference(reportId: number, filedAt: Date | string): string {
  return `PV-${new Date(filedAt).getUTCFullYear()}-${String(reportId).padStart(6, '0')}`;
}

/** Initials of a patient, as pharmacovigilance identifies them ("Jean-Luc Martin" is "J.-L. M."). */
export function patientInitials(firstName: string, lastName: string): string {
  const initialsOf = (name: string) =>
    name
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((word) =>
        word
          .split('-')
          .filter(Boolean)
          .map((part) => `${[...part][0]?.toLocaleUpperCase() ?? ''}.`)
          .join('-'),
      )
      .join(' ');
  return [initialsOf(firstName), initialsOf(lastName)].filter(Boolean).join(' ');
}

export const reportSummarySchema = z.object({
  id: z.number(),
  reference: z.string(),
  /** The user who filed it (null for a guest without an account). */
  user: z.number().nullable(),
  username: z.string(),
  /** When it was filed (ISO). */
  date: z.string(),
  session_name: z.string(),
  drug_name: z.string(),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

export const reportListResponseSchema = z.object({
  items: z.array(reportSummarySchema),
  total: z.number().int(),
});
export type ReportListResponse = z.infer<typeof reportListResponseSchema>;

/**
 * A report as its page shows it (shape B of the spec). The patient is identified by initials only: the
 * names stay in the database and never leave the server.
 */
export const reportDetailSchema = reportSummarySchema.extend({
  event_id: z.number().nullable(),
  gender: z.enum(PATIENT_GENDERS),
  patient_initials: z.string(),
  /** YYYY-MM-DD */
  patient_birthday: z.string(),
  age_range: z.enum(PATIENT_AGE_RANGES),
  doctor_lastname: z.string(),
  doctor_firstname: z.string(),
  phone_number: z.string(),
  doctor_email: z.string(),
  doctor_specialty: z.string(),
  doctor_address: z.string(),
  doctor_zip_code: z.string(),
  drug_batch_number: z.string(),
  drug_adverse_reaction: z.string(),
  /** The filer's electronic signature; null for a report filed before reports were signed. */
  signature: reportSignatureSchema.nullable(),
});
export type ReportDetail = z.infer<typeof reportDetailSchema>;
