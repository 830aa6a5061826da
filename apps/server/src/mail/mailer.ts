// Sends e-mail through SMTP_URL with nodemailer, or, on the embedded defaults, appends each message to
// the day's mbox file in DATA_DIR/outbox (mbox.ts), so a developer can open what would have been sent.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { mboxEntry, mboxFileName } from './mbox.ts';

/** A calendar entry sent with a mail (nodemailer's icalEvent: a text/calendar part calendars act on). */
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

/** The mail as nodemailer takes it: the attachments' base64 content handed over as such. */
function nodemailerMessage(from: string, { attachments, ...mail }: OutgoingMail) {
  return {
    from,
    ...mail,
    ...(attachments
      ? {
          attachments: attachments.map(({ filename, contentType, contentBase64 }) => ({
            filename,
            contentType,
            content: contentBase64,
            encoding: 'base64',
          })),
        }
      : {}),
  };
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      const info = await transport.sendMail(nodemailerMessage(from, mail));
      return { messageId: info.messageId };
    },
    close: () => transport.close(),
  };
}

export function createOutboxMailer(outboxDir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  // The "From " line's envelope sender: the address of MAIL_FROM ("LabLive <no-reply@…>").
  const sender = /<([^<>\s]+)>/.exec(from)?.[1] ?? from.trim().split(/\s+/)[0] ?? 'lablive';
  return {
    kind: 'outbox',
    async send(mail) {
      const info = await transport.sendMail(nodemailerMessage(from, mail));
      if (!Buffer.isBuffer(info.message)) throw new Error('nodemailer did not produce a buffered message');
      const now = new Date();
      const file = path.join(outboxDir, mboxFileName(now));
      // One append, so mails written side by side never interleave (O_APPEND: each lands whole at the end).
      const entry = mboxEntry(sender, now, info.message.toString('utf8'));
      // The folder is made when a write finds it missing (the first mail, or after someone removed it),
      // not checked for every mail.
      await fs.appendFile(file, entry).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
        await fs.mkdir(outboxDir, { recursive: true });
        await fs.appendFile(file, entry);
      });
      return { messageId: info.messageId, file };
    },
    close: () => transport.close(),
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
