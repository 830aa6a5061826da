// Sends e-mail, each message composed by mimeMessage.ts: through SMTP_URL with nodemailer, or, on the
// embedded defaults, appended to the day's mbox file in DATA_DIR/outbox (mbox.ts, mboxWriter.ts), so a
// developer can open what would have been sent.
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailInstruments } from '../observability/instruments.ts';
import { mboxEntry, mboxFileName } from './mbox.ts';
import { createMboxWriter } from './mboxWriter.ts';
import { composeMessage, mailSender, recipientAddress } from './mimeMessage.ts';

/** A calendar entry sent with a mail: the text/calendar part calendars act on, and an .ics file (mimeMessage.ts). */
export type CalendarPart = { method: 'REQUEST' | 'CANCEL'; filename: string; content: string };

/**
 * A file sent with a mail (a report's PDF). Its content is base64 text, not a Buffer: a queued mail is
 * the JSON data of its job (mailOutbox.ts), and a Buffer would not come back out of it as one.
 */
export type MailAttachment = { filename: string; contentType: string; contentBase64: string };

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  icalEvent?: CalendarPart;
  attachments?: MailAttachment[];
};

export type Mailer = {
  kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<{ messageId: string; file?: string }>;
  close(): void;
};

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  const sender = mailSender(from);
  return {
    kind: 'smtp',
    async send(mail) {
      // Composed here (mimeMessage.ts), carried by nodemailer as it is.
      const { messageId, raw } = composeMessage(sender, mail);
      await transport.sendMail({ envelope: { from: sender.address, to: [recipientAddress(mail.to)] }, raw });
      return { messageId };
    },
    close: () => transport.close(),
  };
}

export function createOutboxMailer(outboxDir: string, from: string): Mailer {
  const sender = mailSender(from);
  const writer = createMboxWriter(outboxDir);
  return {
    kind: 'outbox',
    async send(mail) {
      const now = new Date();
      const { messageId, raw } = composeMessage(sender, mail, now);
      // The "From " line's envelope sender is MAIL_FROM's address; mbox files keep Unix line endings.
      const fileName = mboxFileName(now);
      await writer.append(fileName, mboxEntry(sender.address, now, raw.replace(/\r\n/g, '\n')));
      return { messageId, file: path.join(outboxDir, fileName) };
    },
    close: () => {},
  };
}

/**
 * `mailer`, each attempt counted (sent or failed) for the metrics: what an operator alerts on when the
 * mail server refuses (docs/operations.md, "Job queue (mails)").
 */
export function countedMailer(mailer: Mailer, instruments: MailInstruments): Mailer {
  return {
    ...mailer,
    async send(mail) {
      try {
        const sent = await mailer.send(mail);
        instruments.mailAttempt('sent');
        return sent;
      } catch (error) {
        instruments.mailAttempt('failed');
        throw error;
      }
    },
  };
}

export function createMailer(options: {
  smtpUrl: string | undefined;
  dataDir: string;
  from: string;
}): Mailer {
  return options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.from)
    : createOutboxMailer(path.join(options.dataDir, 'outbox'), options.from);
}
