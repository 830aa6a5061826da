// Every plain-text mail keeps a name on its line: a name or an event's name stored with a line break
// (before the schemas refused one) must not start a line of the mail that passes for LabLive's own.
import type { Locale } from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import { emailChangeMail, emailChangeNoticeMail, setPasswordMail } from './accountMail.ts';
import type { RenderedMail } from './mailFormat.ts';
import { fromTemplate } from './mediaTemplates.ts';
import {
  eventCancelledMail,
  eventUpdateMail,
  invitationMail,
  passwordResetMail,
  personalLinkMail,
  pharmacovigilanceAcknowledgementMail,
  reminderMail,
} from './templates.ts';

const NAME = 'Dr X\r\nClick http://evil.example';
const EVENT = 'Oncology\nClick http://evil.example\u2028now';
const when = { startsAt: new Date('2026-12-01T13:00:00Z'), timeZone: 'Europe/Paris' };
const links = { url: 'https://lablive.test/?invitation=abc', calendarUrl: 'https://lablive.test/calendar/1' };

function mails(locale: Locale): Record<string, RenderedMail> {
  const event = { name: NAME, eventName: EVENT, ...when };
  return {
    invitation: invitationMail(locale, { ...event, ...links, role: 'participant' }),
    reminder: reminderMail(locale, { ...event, ...links, kind: 'j1' }),
    personalLink: personalLinkMail(locale, { ...event, ...links }),
    update: eventUpdateMail(locale, { ...event, ...links }),
    cancelled: eventCancelledMail(locale, { ...event, why: 'guest' }),
    reset: passwordResetMail(locale, { name: NAME, resetUrl: links.url, validMinutes: 60 }),
    setPassword: setPasswordMail(locale, {
      name: NAME,
      inviterName: NAME,
      labName: EVENT,
      url: links.url,
      validDays: 7,
    }),
    emailChange: emailChangeMail(locale, {
      name: NAME,
      requesterName: NAME,
      newEmail: 'new@x.org',
      url: links.url,
      validHours: 24,
    }),
    emailChangeNotice: emailChangeNoticeMail(locale, {
      name: NAME,
      requesterName: NAME,
      newEmail: 'n@x.org',
    }),
    acknowledgement: pharmacovigilanceAcknowledgementMail(locale, {
      name: NAME,
      reportId: 7,
      drugName: 'Drug\nClick http://evil.example',
      sessionName: EVENT,
      filedAt: when.startsAt,
      timeZone: when.timeZone,
      signature: { name: NAME, signedAt: when.startsAt, meaning: 'authorship', contentHash: 'ab'.repeat(32) },
    }),
    mediaTemplate: fromTemplate(
      { subject: '{{event}}', body: 'Hello {{name}},\n\n{{event}} on {{date}}.\n{{link}}' },
      { name: NAME, event: EVENT, date: '1 Dec', link: links.url, calendarLink: links.calendarUrl },
    ),
  };
}

describe('a name that holds a line break, in a mail', () => {
  it('stays on its line in every plain-text mail, in every language', () => {
    for (const locale of ['fr', 'en', 'de'] as const) {
      for (const [kind, mail] of Object.entries(mails(locale))) {
        const lines = mail.text.split(/\r\n|[\n\r\u2028\u2029]/);
        expect(
          lines.filter((line) => line.startsWith('Click')),
          `${locale} ${kind}`,
        ).toEqual([]);
        expect(mail.text, `${locale} ${kind}`).toContain('Click http://evil.example');
        expect(mail.subject, `${locale} ${kind}`).not.toMatch(/[\r\n\u2028]/);
      }
    }
    const english = mails('en');
    expect(english.invitation?.text.split('\n')[0]).toBe('Hello Dr X Click http://evil.example,');
    expect(english.mediaTemplate?.text.split('\n')).toEqual([
      'Hello Dr X Click http://evil.example,',
      '',
      'Oncology Click http://evil.example now on 1 Dec.',
      links.url,
    ]);
  });
});
