// The mailer through a real SMTP conversation (the testkit's smtp-server): what the recipient's server
// receives reads back, with a real MIME parser, as the mail that was handed over, including the lines
// SMTP itself treats specially (a lone dot ends a message unless escaped).
import { type SmtpCapture, startSmtpCapture } from '@lablive/testkit';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer, type Mailer } from './mailer.ts';

let smtp: SmtpCapture;
let mailer: Mailer;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  mailer = createSmtpMailer(smtp.url, 'LabLive <no-reply@lablive.test>');
});

afterAll(async () => {
  mailer.close();
  await smtp.close();
});

describe('the SMTP mailer', () => {
  it('delivers the message as composed: envelope, a lone dot, "From " lines, long lines and accents', async () => {
    const text = `Bonjour Zoë,\n.\n..\nFrom the start\n${'é'.repeat(200)}\nFin.`;
    const sent = await mailer.send({
      to: 'zoe@example.org',
      subject: 'Rappel : événement',
      text,
      html: '<p>Bonjour Zoë</p>',
    });
    const received = await smtp.waitForMail((mail) => mail.to.includes('zoe@example.org'), 10_000);
    expect(received.from).toBe('no-reply@lablive.test');
    const parsed = await simpleParser(received.raw);
    expect(parsed.messageId).toBe(sent.messageId);
    expect(parsed.subject).toBe('Rappel : événement');
    expect(parsed.text?.replace(/\r\n/g, '\n')).toBe(text);
    expect(parsed.html).toBe('<p>Bonjour Zoë</p>');
  });
});
