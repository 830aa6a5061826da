// Attendance certificates (issue 33, part 6): an event's rules (on or off, the share of the event's time a
// participant must be present, the polls they must answer), who qualifies under them from the figures
// the statistics fold from the log, the verification code printed on each certificate, and the shapes of
// the calls that set the rules, list who qualified, hand a guest their certificate, revoke one, and
// verify a code on the public page. Pure: the server computes the figures and draws the randomness.
import { z } from 'zod';
import { idSchema } from '../shared/ids.ts';
import { text } from '../shared/text.ts';

/** The most polls a rule may ask for: more than any event runs, small enough to stay a number people read. */
export const MAX_POLLS_REQUIRED = 100;

export const certificateRulesSchema = z.object({
  enabled: z.boolean(),
  /** The share of the event's held time (first session's start to last one's end) present, in percent. */
  min_presence_percent: z.number().int().min(0).max(100),
  /** Distinct polls of the event the participant answered. */
  min_polls_answered: z.number().int().min(0).max(MAX_POLLS_REQUIRED),
});
export type CertificateRules = z.infer<typeof certificateRulesSchema>;

/** The rules of an event that never had any: no certificates, and what the form proposes when switched on. */
export const DEFAULT_CERTIFICATE_RULES: CertificateRules = {
  enabled: false,
  min_presence_percent: 80,
  min_polls_answered: 0,
};

/** The rules as the event's page shows them: locked (read only) once the event has started. */
export const certificateRulesViewSchema = certificateRulesSchema.extend({ locked: z.boolean() });
export type CertificateRulesView = z.infer<typeof certificateRulesViewSchema>;

/** The English sentence of the refusal (REFUSALS.certificateRulesLocked), said in the reader's language. */
export const CERTIFICATE_RULES_LOCKED = 'The certificate rules are locked: the event has started.';

/** Whether an event's rules may still change: not once it has started (or closed). */
export const certificateRulesLocked = (event: { start_date: unknown; end_date: unknown; active: boolean }) =>
  event.active || event.start_date !== null || event.end_date !== null;

/** A participant's figures for the event, as the statistics fold them from the log. */
export type AttendanceFigures = {
  /** Their stays in the event's rooms, summed (reconnections merged), in milliseconds. */
  presentMs: number;
  /** The event's held time: its first session's start to its last session's end, in milliseconds. */
  eventMs: number;
  /** Distinct polls of the event they answered. */
  pollsAnswered: number;
};

/** Why a participant does not qualify: too little time present, too few polls answered. */
export const SHORTFALLS = ['presence', 'polls'] as const;
export type Shortfall = (typeof SHORTFALLS)[number];

/** Whole minutes present, rounded down: a certificate never claims a minute not spent. */
export const minutesPresent = (presentMs: number) => Math.floor(presentMs / 60_000);

/** The share of the event's time present, in whole percent rounded down (0 for an event of no length). */
export function presencePercent(figures: Pick<AttendanceFigures, 'presentMs' | 'eventMs'>): number {
  if (figures.eventMs <= 0) return 0;
  return Math.min(100, Math.floor((figures.presentMs * 100) / figures.eventMs));
}

/** What the rules say of a participant's figures: qualified, or each rule they fall short of. */
export function qualification(rules: CertificateRules, figures: AttendanceFigures): Shortfall[] {
  const shortfalls: Shortfall[] = [];
  // Compared on the exact share, not the rounded one: 79.9 % is short of 80 %.
  const presentEnough =
    figures.presentMs > 0 && figures.presentMs * 100 >= rules.min_presence_percent * figures.eventMs;
  if (!presentEnough) shortfalls.push('presence');
  if (figures.pollsAnswered < rules.min_polls_answered) shortfalls.push('polls');
  return shortfalls;
}

// Verification codes: 20 characters of Crockford's base32 (100 bits: no one guesses one), printed in
// groups of four. Crockford's alphabet has no I, L, O or U, so a code read aloud or typed again from
// paper is not misread; a typed O is taken for 0 and I or L for 1, and dashes and spaces are ignored.
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const CODE_LENGTH = 20;

/** The code from 20 values 0-31 (the server's random bytes, each taken modulo 32). */
export function certificateCodeOf(values: readonly number[]): string {
  if (values.length !== CODE_LENGTH) throw new Error(`a code takes ${CODE_LENGTH} values`);
  return values.map((value) => CODE_ALPHABET[value % 32]).join('');
}

/** The code as printed: groups of four joined by dashes. */
export const formatCertificateCode = (code: string) => code.match(/.{1,4}/g)?.join('-') ?? code;

/** The code as typed (any case, dashes, spaces, O for 0, I or L for 1), or null when it cannot be one. */
export function normalizeCertificateCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (code.length !== CODE_LENGTH) return null;
  return [...code].every((char) => CODE_ALPHABET.includes(char)) ? code : null;
}

/** The public verification page of a code. */
export const certificateVerifyPath = (code: string) => `/certificates/verify/${formatCertificateCode(code)}`;

export const certificateCodeParamsSchema = z.object({ code: text().max(64) });

/** What the public page says of a code: its state and what the certificate attests, nothing else. */
export const certificateVerificationSchema = z.object({
  status: z.enum(['valid', 'revoked']),
  code: z.string(),
  name: z.string(),
  event_name: z.string(),
  /** When the event was held (its first session's start), with the event's time zone to show it in. */
  held_at: z.string(),
  time_zone: z.string(),
  minutes_present: z.number().int(),
});
export type CertificateVerification = z.infer<typeof certificateVerificationSchema>;

/** The English sentence of an unknown code's refusal (REFUSALS.certificateUnknown). */
export const CERTIFICATE_UNKNOWN = 'No certificate has this code.';

/**
 * The English sentence of a download asked by someone of the event who holds no certificate
 * (REFUSALS.certificateNone): a 409, since a 404 on an event's path says the event is not theirs to see.
 */
export const CERTIFICATE_NONE = 'You hold no certificate for this event.';

/** The English sentence of a revoked certificate's download refused (REFUSALS.certificateRevoked). */
export const CERTIFICATE_REVOKED = 'This certificate has been revoked.';

/** A certificate as its holder and the staff see it: the figures frozen when it was issued. */
export const issuedCertificateSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  minutes_present: z.number().int(),
  event_minutes: z.number().int(),
  polls_answered: z.number().int(),
  issued_at: z.string(),
  revoked_at: z.string().nullable(),
});
export type IssuedCertificate = z.infer<typeof issuedCertificateSchema>;

/**
 * The guest's certificate on their event page: none (no rules, or not qualified), pending (the event is
 * running, or closed and being issued), or issued (revoked or not).
 */
export const myCertificateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('none') }),
  z.object({ status: z.literal('pending') }),
  z.object({ status: z.literal('issued'), certificate: issuedCertificateSchema }),
]);
export type MyCertificate = z.infer<typeof myCertificateSchema>;

/** One participant of the event's statistics: their figures, whether they qualify and why not. */
export const certificateStandingSchema = z.object({
  participant_id: z.number().int(),
  name: z.string(),
  minutes_present: z.number().int(),
  presence_percent: z.number().int(),
  polls_answered: z.number().int(),
  shortfalls: z.array(z.enum(SHORTFALLS)),
  certificate: issuedCertificateSchema.extend({ revoked_reason: z.string().nullable() }).nullable(),
});
export type CertificateStanding = z.infer<typeof certificateStandingSchema>;

export const eventCertificatesSchema = z.object({
  rules: certificateRulesSchema,
  /** The event's held time in whole minutes (what the shares are of). */
  event_minutes: z.number().int(),
  /** The event is closed: the standings are final and the certificates issued (or being issued). */
  closed: z.boolean(),
  participants: z.array(certificateStandingSchema),
});
export type EventCertificates = z.infer<typeof eventCertificatesSchema>;

export const certificateRevokeParamsSchema = z.object({ id: idSchema, certificateId: idSchema });
