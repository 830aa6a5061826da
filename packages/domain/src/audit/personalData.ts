// A person's data gathered for them (GDPR, article 15; issue 32): everything a lab holds about an
// e-mail address, as JSON for machines and as a PDF for people. Other people's data met on the way
// (the patients of a pharmacovigilance report, the other guests of a room) is left out.
import { z } from 'zod';
import { emailSchema } from '../auth/schemas.ts';
import { REFUSALS } from '../shared/refusals.ts';
import { timeZoneSchema } from '../shared/timeZone.ts';

export const PERSONAL_DATA_FORMATS = ['json', 'pdf'] as const;

export const personalDataQuerySchema = z.object({
  email: emailSchema,
  format: z.enum(PERSONAL_DATA_FORMATS).default('json'),
  locale: z.enum(['fr', 'en', 'de']).optional(),
  /** The zone the PDF's dates are told in (the reader's). */
  timeZone: timeZoneSchema.optional(),
});
export type PersonalDataQuery = z.infer<typeof personalDataQuerySchema>;

/**
 * What a personal value reads as once erased: its key is gone (crypto-shredding), the sealed bytes stay
 * in the log and the trail, hashed and verifying, and nobody can read them. Pages show it translated.
 */
export const ERASED_VALUE = '[erased]';

/** A text with each erased value in it said as `word` (the reader's "erased"), for a file or a title. */
export const sayErased = (text: string, word: string): string => text.split(ERASED_VALUE).join(word);

/** The erasure's own refusals (translated by the web as every refusal is). */
export const ERASURE_RULE_MESSAGES = {
  sessionRunning: REFUSALS.erasureSessionRunning,
  yourself: REFUSALS.eraseYourself,
} as const;

/** POST personal-data/erasure: the address whose owner asked (the reason header says how and when). */
export const personalDataErasureSchema = z.object({ email: emailSchema });
export type PersonalDataErasureRequest = z.infer<typeof personalDataErasureSchema>;

/**
 * What an erasure did, without the data it erased (the trail keeps the same counts). Reports under a
 * legal hold are kept: pharmacovigilance law keeps an adverse-event report while the product is
 * authorised and ten years after (EU Implementing Regulation 520/2012, article 12; 21 CFR 314.80(j)),
 * which GDPR article 17(3)(b) and (c) allow; the requester must be told which and why.
 */
export type PersonalDataErasure = {
  /** The trail's entry of this erasure names it by this id. */
  erasureId: string;
  erasedAt: string;
  /** Participations (one per event) whose names, addresses, chat and notes are now unreadable. */
  participations: number;
  /** The account anonymised and deactivated (0 or 1). */
  accounts: number;
  /** Data keys deleted. */
  keys: number;
  /** Mails of the mail log whose recipient was forgotten. */
  mails: number;
  /** Reports kept under legal hold, by reference: the requester is told these are kept and why. */
  keptReports: ReadonlyArray<{ id: number; reference: string }>;
};
