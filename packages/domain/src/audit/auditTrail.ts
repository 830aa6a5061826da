// The audit trail of the back office (issue 32; 21 CFR Part 11, EU GMP Annex 11): who (account, name,
// roles) did what (a record, each field's old and new value) when (UTC, and the zone the person was in)
// and why (a reason, asked for on deleting, archiving, and on changing a role or a permission). The
// server writes an entry in the same transaction as the change it records (a database trigger on every
// audited table), plus one per sign-in, failed sign-in and export; nobody changes or deletes an entry.
// These are the shapes the /admin/audit page and its CSV and JSON exports read.
import { z } from 'zod';
import { queryNumberSchema } from '../shared/ids.ts';
import { REFUSALS } from '../shared/refusals.ts';
import { isStorableText, text } from '../shared/text.ts';
import { timeZoneSchema } from '../shared/timeZone.ts';

/** What happened to the record. `delete`, `archive` and `deactivate` carry the reason given. */
export const AUDIT_ACTIONS = [
  'create',
  'change',
  'delete',
  'archive',
  'deactivate',
  'sign-in',
  'sign-in-failed',
  'export',
  /** A person's data erased (GDPR, article 17) or a lab's retention applied: counts, never the data. */
  'erase',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kinds of records the trail follows (the database triggers name them; audit_entries.record_type). */
export const AUDIT_RECORD_TYPES = [
  'lab',
  'user',
  'group',
  'event',
  'room',
  'participant',
  'invitation',
  'media',
  'mail-template',
  'document',
  'poll',
  'pharmacovigilance-receiver',
  'pharmacovigilance-report',
  'account',
  'audit-trail',
  'statistics',
  /** A person's data gathered for them (GDPR), by e-mail address. */
  'person',
  /** An event's attendance certificate rules (issue 33). */
  'certificate-rules',
  /** An attendance certificate issued, or revoked (issue 33). */
  'certificate',
  /** A lab's consent text (issue 33), each edit a new version. */
  'consent',
  'consent-version',
  /** A guest's acceptance of a consent version, and its withdrawal (issue 33). */
  'consent-record',
  /** An event's registration form, and a guest's registration for it (issue 33). */
  'registration-form',
  'registration',
] as const;
export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];

/** Who acted: a signed-in account, a guest, someone not signed in (a sign-in, a public page), the product itself. */
export const AUDIT_ACTOR_KINDS = ['user', 'guest', 'anonymous', 'system'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/**
 * One field's change. A secret (a password's hash, a token) or a patient's data is `masked`: the trail
 * says it changed, never what it holds. A link (a role given, a member added) is a value added (`old`
 * null) or removed (`new` null).
 */
export const auditChangeSchema = z.object({
  field: z.string(),
  old: z.unknown(),
  new: z.unknown(),
  masked: z.boolean().optional(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** ISO 8601, UTC. */
  at: z.string(),
  actor: z.object({
    kind: z.enum(AUDIT_ACTOR_KINDS),
    userId: z.number().int().nullable(),
    name: z.string().nullable(),
    email: z.string().nullable(),
    roles: z.array(z.string()),
    /** The IANA zone the person's browser was in when they acted (null when it did not say). */
    timeZone: z.string().nullable(),
  }),
  action: z.enum(AUDIT_ACTIONS),
  recordType: z.enum(AUDIT_RECORD_TYPES),
  recordId: z.string().nullable(),
  changes: z.array(auditChangeSchema),
  reason: z.string().nullable(),
  /** The call that made the change (`DELETE /api/users/:id`), or null for the product's own jobs. */
  via: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const dayOrInstant = text()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/, {
    message: 'must be a date (YYYY-MM-DD) or an ISO 8601 instant',
  });

/** The page's search: by who (name or e-mail, part of it), what (record type, its id, a field), when. */
export const auditFilterSchema = z.object({
  // Any text may be searched for (a name, part of an address): the one query field of the API that is
  // free text, so marked (the bad-input test sends it odd values and expects them searched).
  who: text().trim().max(200).meta({ freeText: true }).optional(),
  recordType: z.enum(AUDIT_RECORD_TYPES).optional(),
  /** Records are named by their ids. */
  recordId: text()
    .regex(/^[1-9]\d{0,17}$/, { message: 'must be a record id (a positive whole number)' })
    .optional(),
  /** A field as the trail names it (`planned_start_date`, `roles`). */
  field: text()
    .regex(/^[a-z][a-z_]{0,63}$/, { message: 'must be a field name (lower-case letters and _)' })
    .optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  /** From this day (in `timeZone`) or instant, included. */
  from: dayOrInstant.optional(),
  /** Up to this day (in `timeZone`, the whole day) or instant, excluded. */
  to: dayOrInstant.optional(),
  /** The zone `from` and `to` days are read in, and the exports' times written in. */
  timeZone: timeZoneSchema.optional(),
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const auditQuerySchema = auditFilterSchema.extend({
  start: queryNumberSchema(0, Number.MAX_SAFE_INTEGER).default(0),
  count: queryNumberSchema(1, 100).default(25),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), total: z.number().int() });
export type AuditPage = z.infer<typeof auditPageSchema>;

export const AUDIT_EXPORT_FORMATS = ['csv', 'json'] as const;
export const auditExportQuerySchema = auditFilterSchema.extend({
  format: z.enum(AUDIT_EXPORT_FORMATS),
  locale: z.enum(['fr', 'en', 'de']).optional(),
});
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

/**
 * The reason of a change, sent in this request header, percent-encoded (encodeURIComponent: a header
 * carries Latin-1 only, and reasons are written in French and German). Every change's call may carry
 * one; the calls of `reason: 'required'` in the API access table, and a change of a role or a
 * permission, are refused without one.
 */
export const REASON_HEADER = 'lablive-reason';
/** The zone the caller's browser is in, recorded with each change it makes. */
export const TIME_ZONE_HEADER = 'lablive-time-zone';
export const REASON_MAX_LENGTH = 500;

export type ReasonReading = { reason: string | null } | { problem: string };

/** The reason a request carries, decoded and checked (a problem names what is wrong with it). */
export function readReasonHeader(raw: string | undefined): ReasonReading {
  if (raw === undefined) return { reason: null };
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return { problem: `header ${REASON_HEADER} must be percent-encoded UTF-8 (encodeURIComponent)` };
  }
  const reason = decoded.trim();
  if (reason.length === 0) return { reason: null };
  if (reason.length > REASON_MAX_LENGTH) {
    return { problem: `the reason must be at most ${REASON_MAX_LENGTH} characters` };
  }
  if (!isStorableText(reason)) {
    return { problem: 'the reason must not contain NUL characters or unpaired UTF-16 surrogates' };
  }
  return { reason };
}

export const REASON_REQUIRED_MESSAGE = REFUSALS.reasonRequired;
