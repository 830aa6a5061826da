// Consent (issue 33, part 1): a lab's consent texts, one per kind, each in fr, en and de and required or
// not. Texts are versioned: an edit adds a version and the earlier ones stay, since what a guest
// accepted is the exact text they saw. A guest accepts the current versions of the required ones before
// entering an event's rooms, may accept the optional ones, and may withdraw any; both are recorded.
// One set of schemas for the server's routes and the web's forms, and the one rule of what is missing.
import { z } from 'zod';
import { text } from '../shared/text.ts';

/**
 * What each kind gates, enforced by the server: `data_processing` entering an event's rooms at all;
 * `recording` anything kept of a guest's voice or picture beyond the live session (LabLive records
 * none today, so it gates entering too when required); `contact` mails beyond the event's own service.
 */
export const CONSENT_KINDS = ['data_processing', 'recording', 'contact'] as const;
export type ConsentKind = (typeof CONSENT_KINDS)[number];

/** Where a guest accepted: the public event page's form, or their event page reached by invitation. */
export const CONSENT_SOURCES = ['public_page', 'invitation'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

export const CONSENT_TEXT_MAX = 5000;

const consentText = text({ error: 'is required' })
  .trim()
  .min(1, { error: 'is required' })
  .max(CONSENT_TEXT_MAX, { error: `must be at most ${CONSENT_TEXT_MAX} characters` });

/** The three languages' texts of one version: a guest reads the one of their page. */
export const consentTextsSchema = z.strictObject({ fr: consentText, en: consentText, de: consentText });
export type ConsentTexts = z.infer<typeof consentTextsSchema>;

/**
 * PUT consents/{kind}: the kind's consent written (its first version) or edited (a new version when its
 * texts or whether it is required changed). `active: false` stops asking for it; what was accepted stays.
 */
export const consentFormSchema = z.strictObject({
  required: z.boolean(),
  active: z.boolean(),
  texts: consentTextsSchema,
});
export type ConsentForm = z.infer<typeof consentFormSchema>;

export const consentKindParamsSchema = z.object({ kind: z.enum(CONSENT_KINDS) });

const storedTexts = z.object({ fr: z.string(), en: z.string(), de: z.string() });

/** One version of a consent as it was written: its texts and whether it was required. */
export const consentVersionSchema = z.object({
  version_id: z.number().int(),
  version: z.number().int(),
  required: z.boolean(),
  texts: storedTexts,
  created_at: z.string(),
});
export type ConsentVersion = z.infer<typeof consentVersionSchema>;

/** The back office's list: each kind the lab wrote, its current version first, then the earlier ones. */
export const labConsentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(CONSENT_KINDS),
  active: z.boolean(),
  current: consentVersionSchema,
  /** Every version, newest first (the current one included). */
  versions: z.array(consentVersionSchema),
});
export type LabConsent = z.infer<typeof labConsentSchema>;
export const labConsentsSchema = z.array(labConsentSchema);

/** What a guest is asked: a consent's current version. */
export const askedConsentSchema = z.object({
  consent_id: z.number().int(),
  kind: z.enum(CONSENT_KINDS),
  version_id: z.number().int(),
  version: z.number().int(),
  required: z.boolean(),
  texts: storedTexts,
});
export type AskedConsent = z.infer<typeof askedConsentSchema>;

/** GET eventInfo/by-slug/{slug}/consents: what the public page asks before entering. */
export const askedConsentsSchema = z.array(askedConsentSchema);

/** One acceptance of a guest: the version they accepted (its exact text), when, where; and its withdrawal. */
export const givenConsentSchema = z.object({
  id: z.number().int(),
  consent_id: z.number().int(),
  kind: z.enum(CONSENT_KINDS),
  version_id: z.number().int(),
  version: z.number().int(),
  /** Whether the version accepted was required. */
  required: z.boolean(),
  texts: storedTexts,
  source: z.enum(CONSENT_SOURCES),
  given_at: z.string(),
  withdrawn_at: z.string().nullable(),
});
export type GivenConsent = z.infer<typeof givenConsentSchema>;

/** GET my-consents: what the guest's event asks of them now, what they gave, and what still blocks entry. */
export const myConsentsSchema = z.object({
  asked: askedConsentsSchema,
  given: z.array(givenConsentSchema),
  /** The required consents whose current version the guest has not accepted: they cannot enter. */
  missing: z.array(z.enum(CONSENT_KINDS)),
});
export type MyConsents = z.infer<typeof myConsentsSchema>;

const versionIds = z
  .array(z.number().int().positive())
  .max(CONSENT_KINDS.length, { error: `at most ${CONSENT_KINDS.length} consents` });

/** POST my-consents: the versions the guest accepts (on their event page, reached by invitation). */
export const acceptConsentsSchema = z.strictObject({ version_ids: versionIds.min(1) });
export type AcceptConsentsRequest = z.infer<typeof acceptConsentsSchema>;

/** The public entry form's accepted versions, sent with the sign-in. */
export const entryConsentsSchema = versionIds;

/** A participant's consents as the statistics show them: the kinds and versions in force. */
export const participantConsentSchema = z.object({
  kind: z.enum(CONSENT_KINDS),
  version: z.number().int(),
  given_at: z.string(),
  withdrawn_at: z.string().nullable(),
});
export type ParticipantConsent = z.infer<typeof participantConsentSchema>;

/** The required kinds whose current version is not among the accepted (and not withdrawn) versions. */
export function missingConsents(
  asked: readonly Pick<AskedConsent, 'kind' | 'required' | 'version_id'>[],
  acceptedVersionIds: ReadonlySet<number>,
): ConsentKind[] {
  return asked
    .filter((consent) => consent.required && !acceptedVersionIds.has(consent.version_id))
    .map((consent) => consent.kind);
}
