// The composed message read back by mailparser (a real MIME parser, as a mail client reads it): every
// shape of mail LabLive sends comes out as it went in.
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { composeMessage, mailSender, recipientAddress } from './mimeMessage.ts';

const sender = mailSender('LabLive Pharma <no-reply@lablive.test>');
const calendar = [
  'BEGIN:VCALENDAR',
  'METHOD:REQUEST',
  'BEGIN:VEVENT',
  'UID:event-12-guest-3@lablive.test',
  'SUMMARY:Événement',
  'END:VEVENT',
  'END:VCALENDAR',
].join('\r\n');

describe('composeMessage', () => {
  it('writes a reminder a mail client reads back whole: names, accents, long lines, a link with = and &', async () => {
    const link = `https://lablive.test/?invitation=${'Ab9-_'.repeat(20)}=&x=1`;
    const text = `Bonjour Zoë Müller,\n\nL'événement « Réunion très attendue » commence dans une heure : ${'x'.repeat(120)}\n${link}\nFrom the start\n.\n`;
    const html = `<p>Bonjour Zoë,</p>\n<p><a href="${link.replace(/&/g, '&amp;')}">Rejoindre</a></p>`;
    const { raw } = composeMessage(sender, {
      to: 'zoe@example.org',
      subject: 'Rappel : Réunion très attendue, demain à 14 h 00 — ne la manquez pas, chère participante',
      text,
      html,
    });
    expect(raw.split('\r\n').every((line) => line.length <= 78)).toBe(true);
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe(
      'Rappel : Réunion très attendue, demain à 14 h 00 — ne la manquez pas, chère participante',
    );
    expect(parsed.from?.value).toEqual([{ name: 'LabLive Pharma', address: 'no-reply@lablive.test' }]);
    expect(parsed.to).toMatchObject({ value: [{ address: 'zoe@example.org' }] });
    expect(parsed.text?.replace(/\r\n/g, '\n')).toBe(text);
    expect(parsed.html).toBe(html);
    expect(parsed.messageId).toMatch(/^<[0-9a-f-]{36}@lablive\.test>$/);
    expect(parsed.date?.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(parsed.attachments).toEqual([]);
  });

  it('keeps short ASCII parts readable as they are (7bit), as nodemailer did', () => {
    const { raw } = composeMessage(mailSender('x@lablive.test'), {
      to: 'a@b.test',
      subject: 'LabLive: reset your password',
      text: 'Hello,\nOpen this link.',
      html: '<p>Hello</p>',
    });
    expect(raw).toContain('\r\nSubject: LabLive: reset your password\r\n');
    expect(raw).toContain('Content-Transfer-Encoding: 7bit\r\n\r\nHello,\r\nOpen this link.\r\n');
    expect(raw.startsWith('From: x@lablive.test\r\nTo: a@b.test\r\n')).toBe(true);
  });

  it('carries a calendar entry as the part calendars act on (METHOD) and as an .ics file', async () => {
    const { raw } = composeMessage(sender, {
      to: 'guest@example.org',
      subject: 'Invitation',
      text: 'Bonjour',
      html: '<p>Bonjour</p>',
      icalEvent: { method: 'CANCEL', filename: 'invitation.ics', content: calendar },
    });
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=CANCEL/);
    const parsed = await simpleParser(raw);
    expect(parsed.text).toBe('Bonjour');
    const ics = parsed.attachments.find((file) => file.filename === 'invitation.ics');
    expect(ics?.contentType).toBe('application/ics');
    expect(ics?.content.toString('utf8')).toBe(calendar);
    const part = parsed.attachments.find((file) => file.contentType === 'text/calendar');
    expect(part?.content.toString('utf8')).toBe(calendar);
  });

  it('attaches files byte for byte, with names in any alphabet', async () => {
    const pdf = Buffer.from(Array.from({ length: 3000 }, (_, index) => (index * 7) % 256));
    const { raw } = composeMessage(sender, {
      to: 'pv@example.org',
      subject: 'Pharmacovigilance : PV-2026-000042',
      text: 'Rapport joint.',
      html: '<p>Rapport joint.</p>',
      attachments: [
        {
          filename: 'PV-2026-000042 Müller Ж.pdf',
          contentType: 'application/pdf',
          contentBase64: pdf.toString('base64'),
        },
      ],
    });
    const parsed = await simpleParser(raw);
    expect(parsed.attachments).toHaveLength(1);
    expect(parsed.attachments[0]?.filename).toBe('PV-2026-000042 Müller Ж.pdf');
    expect(parsed.attachments[0]?.contentType).toBe('application/pdf');
    expect(parsed.attachments[0]?.content.equals(pdf)).toBe(true);
    expect(parsed.text).toBe('Rapport joint.');
  });

  it('gives every message its own Message-ID and boundaries', () => {
    const mail = { to: 'a@b.test', subject: 's', text: 't', html: 'h' };
    const first = composeMessage(sender, mail);
    const second = composeMessage(sender, mail);
    expect(first.raw).toContain(`\r\nMessage-ID: ${first.messageId}\r\n`);
    expect(first.messageId).not.toBe(second.messageId);
    const boundaryOf = (raw: string) => /boundary="([^"]+)"/.exec(raw)?.[1];
    expect(boundaryOf(first.raw)).not.toBe(boundaryOf(second.raw));
  });

  it('refuses a recipient that could carry a header of its own, and writes an international domain in ASCII', async () => {
    expect(() => recipientAddress('a@b.test\r\nBcc: everyone@example.org')).toThrow(/not a mail address/);
    expect(() => recipientAddress('Someone <a@b.test>')).toThrow(/not a mail address/);
    expect(recipientAddress('anna@bücher.example')).toBe('anna@xn--bcher-kva.example');
    const { raw } = composeMessage(mailSender('"Équipe (LabLive), Ж" <no-reply@lablive.test>'), {
      to: 'anna@bücher.example',
      subject: 's',
      text: 't',
      html: 'h',
    });
    expect((await simpleParser(raw)).from?.value).toEqual([
      { name: 'Équipe (LabLive), Ж', address: 'no-reply@lablive.test' },
    ]);
  });
});
