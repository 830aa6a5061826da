// The certificate's mail in each language: the event and its date on the event's clock with the zone
// named, the code and the page that checks it; names that try HTML or a second line stay text.
import { describe, expect, it } from 'vitest';
import { certificateMail } from './certificateMail.ts';

const values = {
  name: 'Jeanne <b>Lefèvre</b>',
  eventName: 'Cardiology\nClick http://evil.example',
  heldAt: new Date('2026-11-20T10:00:00Z'),
  timeZone: 'Europe/Paris',
  code: 'K7QM-3XPA-9DHT-2WNC-F8RB',
  verifyUrl: 'http://lablive.test/certificates/verify/K7QM-3XPA-9DHT-2WNC-F8RB',
};

describe('certificateMail', () => {
  it.each([
    ['fr', 'Votre attestation de présence', 'vendredi 20 novembre 2026', 'Son code de vérification : K7QM'],
    ['en', 'Your certificate of attendance', 'Friday, 20 November 2026', 'Its verification code: K7QM'],
    ['de', 'Ihre Teilnahmebescheinigung', 'Freitag, 20. November 2026', 'Ihr Prüfcode: K7QM'],
  ] as const)('speaks %s', (locale, subject, day, code) => {
    const mail = certificateMail(locale, values);
    expect(mail.subject).toContain(subject);
    expect(mail.text).toContain(day);
    expect(mail.text).toContain('Europe/Paris');
    expect(mail.text).toContain(code);
    expect(mail.text).toContain(values.verifyUrl);
    expect(mail.html).toContain(`href="${values.verifyUrl}"`);
  });

  it('keeps names as text: no HTML of theirs, no line of theirs', () => {
    const mail = certificateMail('en', values);
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('&lt;b&gt;');
    expect(mail.text.split('\n').some((line) => line.startsWith('Click'))).toBe(false);
  });
});
