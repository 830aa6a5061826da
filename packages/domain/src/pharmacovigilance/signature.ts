// The electronic signature of a pharmacovigilance report (issue 32, part 3; 21 CFR 11.50 and 11.70):
// filing the report signs it. The signature shows the signer's printed name, the date and time (with
// the zone), and what it means, and is bound to the report by the SHA-256 of its content: the report's
// page, its PDF and the acknowledgement mailed to the reporter all carry it, and the page says whether
// the stored report still matches the hash it was signed with.
import { z } from 'zod';
import type { Locale } from '../auth/responses.ts';

/** What signing means. A report's filer signs as its author. */
export const SIGNATURE_MEANINGS = ['authorship'] as const;
export type SignatureMeaning = (typeof SIGNATURE_MEANINGS)[number];

export const reportSignatureSchema = z.object({
  /** The signer's printed name, as their account names them when they signed. */
  name: z.string(),
  /** ISO 8601, UTC. */
  signed_at: z.string(),
  meaning: z.enum(SIGNATURE_MEANINGS),
  /** The SHA-256 of the signed content, hexadecimal. */
  content_hash: z.string(),
  /** Whether the report as stored now hashes to `content_hash`. */
  intact: z.boolean(),
});
export type ReportSignature = z.infer<typeof reportSignatureSchema>;

/** What a signature means, in the reader's language: the statement the filer makes by filing. */
export const SIGNATURE_MEANING_TEXT: Record<Locale, Record<SignatureMeaning, string>> = {
  fr: {
    authorship:
      'Auteur de la déclaration : je certifie que son contenu est exact à ma connaissance et je la signe en l’envoyant.',
  },
  en: {
    authorship:
      'Author of the report: I certify that its content is accurate to the best of my knowledge and sign it by sending it.',
  },
  de: {
    authorship:
      'Verfasser der Meldung: Ich bestätige, dass ihr Inhalt nach bestem Wissen richtig ist, und unterzeichne sie mit dem Absenden.',
  },
};
