// Who qualifies for an attendance certificate, and the verification codes as people read and type them.
import { describe, expect, it } from 'vitest';
import {
  CODE_ALPHABET,
  certificateCodeOf,
  formatCertificateCode,
  minutesPresent,
  normalizeCertificateCode,
  presencePercent,
  qualification,
} from './certificates.ts';

const HOUR = 3_600_000;
const rules = { enabled: true, min_presence_percent: 80, min_polls_answered: 2 };

describe('qualification', () => {
  it('holds a participant to both rules and names each one they fall short of', () => {
    expect(qualification(rules, { presentMs: 0.8 * HOUR, eventMs: HOUR, pollsAnswered: 2 })).toEqual([]);
    expect(qualification(rules, { presentMs: 0.799 * HOUR, eventMs: HOUR, pollsAnswered: 2 })).toEqual([
      'presence',
    ]);
    expect(qualification(rules, { presentMs: HOUR, eventMs: HOUR, pollsAnswered: 1 })).toEqual(['polls']);
    expect(qualification(rules, { presentMs: 0, eventMs: HOUR, pollsAnswered: 0 })).toEqual([
      'presence',
      'polls',
    ]);
  });

  it('never certifies someone who was not there, even under a 0 % rule', () => {
    const open = { enabled: true, min_presence_percent: 0, min_polls_answered: 0 };
    expect(qualification(open, { presentMs: 0, eventMs: HOUR, pollsAnswered: 0 })).toEqual(['presence']);
    expect(qualification(open, { presentMs: 1000, eventMs: HOUR, pollsAnswered: 0 })).toEqual([]);
  });

  it('rounds minutes and shares down: a certificate never claims what was not spent', () => {
    expect(minutesPresent(59_999)).toBe(0);
    expect(minutesPresent(20 * 60_000)).toBe(20);
    expect(presencePercent({ presentMs: HOUR / 3, eventMs: HOUR })).toBe(33);
    expect(presencePercent({ presentMs: 1, eventMs: 0 })).toBe(0);
  });
});

describe('verification codes', () => {
  const code = certificateCodeOf(Array.from({ length: 20 }, (_, index) => index * 13));

  it('are 20 characters of Crockford base32, printed in groups of four', () => {
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{20}$/);
    expect([...code].every((char) => CODE_ALPHABET.includes(char))).toBe(true);
    expect(formatCertificateCode(code)).toMatch(/^(\w{4}-){4}\w{4}$/);
  });

  it('are read back as typed: any case, dashes and spaces, O for 0, I and L for 1', () => {
    expect(normalizeCertificateCode(formatCertificateCode(code).toLowerCase())).toBe(code);
    expect(normalizeCertificateCode('o1il-0000 0000-0000-0000')).toBe('0111000000000000000000'.slice(0, 20));
    expect(normalizeCertificateCode('too-short')).toBeNull();
    expect(normalizeCertificateCode('UUUU-UUUU-UUUU-UUUU-UUUU')).toBeNull();
  });
});
