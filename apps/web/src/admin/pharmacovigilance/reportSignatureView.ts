// A report's electronic signature as its page says it (issue 32; 21 CFR 11.50 and 11.70): whether the
// report is signed, and whether the stored report still matches the fingerprint it was signed with;
// when it was signed, in the reader's zone with the zone named, as the report's PDF says it; what the
// signature means, in the reader's language.
import { formatDayTime, type Locale, type ReportSignature, SIGNATURE_MEANING_TEXT } from '@lablive/domain';

export const SIGNATURE_STATUSES = { unsigned: 'unsigned', intact: 'intact', altered: 'altered' } as const;
export type SignatureStatus = (typeof SIGNATURE_STATUSES)[keyof typeof SIGNATURE_STATUSES];

export type SignatureView =
  | { status: typeof SIGNATURE_STATUSES.unsigned }
  | {
      status: typeof SIGNATURE_STATUSES.intact | typeof SIGNATURE_STATUSES.altered;
      name: string;
      /** "26/11/2026, 15:05 (Europe/Paris)". */
      signedAt: string;
      meaning: string;
      hash: string;
    };

/** The instant in `timeZone`, the zone named; in UTC for a zone the runtime does not know. */
export function signedAtText(instant: string, locale: Locale, timeZone: string): string {
  try {
    return `${formatDayTime(instant, locale, timeZone)} (${timeZone})`;
  } catch {
    return `${formatDayTime(instant, locale, 'UTC')} (UTC)`;
  }
}

export function signatureView(
  signature: ReportSignature | null,
  locale: Locale,
  readerZone: string,
): SignatureView {
  if (signature === null) return { status: SIGNATURE_STATUSES.unsigned };
  return {
    status: signature.intact ? SIGNATURE_STATUSES.intact : SIGNATURE_STATUSES.altered,
    name: signature.name,
    signedAt: signedAtText(signature.signed_at, locale, readerZone),
    meaning: SIGNATURE_MEANING_TEXT[locale][signature.meaning],
    hash: signature.content_hash,
  };
}
