// A report's signature as its page says it: who, when in the reader's zone (named), what it means in the
// reader's language, the fingerprint, and whether the stored report still matches it.
import { type ReportSignature, SIGNATURE_MEANING_TEXT } from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import { signatureView, signedAtText } from './reportSignatureView.ts';

const HASH = 'a3f1c2d4e5b6a7980112233445566778899aabbccddeeff00112233445566778';
const signed: ReportSignature = {
  name: 'Anatole Animateur',
  signed_at: '2026-11-26T13:05:00.000Z',
  meaning: 'authorship',
  content_hash: HASH,
  intact: true,
};

describe('signatureView', () => {
  it('says who signed, when in the reader’s zone, what it means and the fingerprint', () => {
    expect(signatureView(signed, 'en', 'Europe/Paris')).toEqual({
      status: 'intact',
      name: 'Anatole Animateur',
      signedAt: '26/11/2026, 14:05 (Europe/Paris)',
      meaning: SIGNATURE_MEANING_TEXT.en.authorship,
      hash: HASH,
    });
  });

  it('tells the time in the reader’s own zone and language', () => {
    const view = signatureView(signed, 'de', 'America/New_York');
    expect(view.status === 'intact' && view.signedAt).toBe('26.11.2026, 08:05 (America/New_York)');
    expect(view.status === 'intact' && view.meaning).toBe(SIGNATURE_MEANING_TEXT.de.authorship);
  });

  it('says a report changed since it was signed', () => {
    expect(signatureView({ ...signed, intact: false }, 'fr', 'Europe/Paris').status).toBe('altered');
  });

  it('says a report filed before signatures is not signed', () => {
    expect(signatureView(null, 'en', 'Europe/Paris')).toEqual({ status: 'unsigned' });
  });
});

describe('signedAtText', () => {
  it('falls back to UTC, named, for a zone the runtime does not know', () => {
    expect(signedAtText(signed.signed_at, 'en', 'Mars/Olympus_Mons')).toBe('26/11/2026, 13:05 (UTC)');
  });
});
