// A mail as the bytes that go to the mail server or the outbox (RFC 5322 and MIME), built in one
// synchronous pass from nodemailer's own encoders (RFC 2047 words, RFC 2231 parameters,
// quoted-printable, base64). nodemailer's composer builds the same structure through a chain of streams,
// 0.67 ms of CPU a mail on this machine: a burst of reminders spent more on that than on everything else
// (docs/adr/0005-mail-composition.md). nodemailer still carries the message over SMTP (mailer.ts).
//
// The shape, as nodemailer's: multipart/alternative of the text, the HTML and, for a calendar mail, the
// text/calendar part with its METHOD (what calendars act on); wrapped in multipart/mixed with the files
// (a report's PDF, the calendar entry again as an .ics file) when there are any.
import { randomUUID } from 'node:crypto';
import { domainToASCII } from 'node:url';
import addressparser from 'nodemailer/lib/addressparser';
import { wrap as wrapBase64 } from 'nodemailer/lib/base64';
import {
  buildHeaderValue,
  encodeWords,
  foldLines,
  hasLongerLines,
  isPlainText,
} from 'nodemailer/lib/mime-funcs';
import { encode as encodeQuotedPrintable, wrap as wrapQuotedPrintable } from 'nodemailer/lib/qp';
import type { OutgoingMail } from './mailer.ts';

/** The sender, parsed once from MAIL_FROM ("LabLive <no-reply@lablive.example>"). */
export type MailSender = {
  /** The bare address: the envelope's sender, and the domain of every Message-ID. */
  address: string;
  /** The From header's value, encoded. */
  header: string;
};

/** The address with its domain in ASCII (an internationalised domain as punycode), as SMTP wants it. */
function asciiAddress(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0 || /^[\x21-\x7e]*$/.test(address)) return address;
  return `${address.slice(0, at)}@${domainToASCII(address.slice(at + 1)) || address.slice(at + 1)}`;
}

export function mailSender(from: string): MailSender {
  const [parsed] = addressparser(from);
  const address = asciiAddress(
    parsed && 'address' in parsed && parsed.address ? parsed.address : from.trim(),
  );
  const name = parsed && 'name' in parsed ? parsed.name : '';
  if (!name) return { address, header: address };
  const encodedName = isPlainText(name)
    ? /^[\w ]*$/.test(name)
      ? name
      : `"${name.replace(/["\\]/g, '\\$&')}"`
    : encodeWords(name, 'Q', 52, true);
  return { address, header: `${encodedName} <${address}>` };
}

/**
 * A recipient as the To header and the envelope carry it (a bare address, from the guest list). Anything
 * with a space or a control character is refused: it could add a header of its own.
 */
export function recipientAddress(to: string): string {
  const address = to.trim();
  if (!/^[^\s\p{Cc}<>]+@[^\s\p{Cc}<>@]+$/u.test(address))
    throw new Error(`not a mail address: ${JSON.stringify(to)}`);
  return asciiAddress(address);
}

const header = (name: string, value: string) => foldLines(`${name}: ${value}`, 76);

/** A text part: 7bit when it is short-lined ASCII already, quoted-printable otherwise (as nodemailer). */
function textPart(contentType: string, content: string): string {
  const body = content.replace(/\r?\n/g, '\r\n');
  const plain = isPlainText(body) && !hasLongerLines(body, 76);
  return [
    header('Content-Type', contentType),
    header('Content-Transfer-Encoding', plain ? '7bit' : 'quoted-printable'),
    '',
    plain ? body : wrapQuotedPrintable(encodeQuotedPrintable(body), 76),
  ].join('\r\n');
}

function filePart(contentType: string, filename: string, contentBase64: string): string {
  return [
    header('Content-Type', buildHeaderValue({ value: contentType, params: { name: filename } })),
    header('Content-Transfer-Encoding', 'base64'),
    header('Content-Disposition', buildHeaderValue({ value: 'attachment', params: { filename } })),
    '',
    wrapBase64(contentBase64.replace(/\s+/g, ''), 76),
  ].join('\r\n');
}

function multipart(kind: 'alternative' | 'mixed', boundary: string, parts: readonly string[]): string {
  return [
    header('Content-Type', `multipart/${kind}; boundary="${boundary}"`),
    '',
    ...parts.map((part) => `--${boundary}\r\n${part}`),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/**
 * The whole message, lines ending in CRLF (SMTP's), and its Message-ID; `date` and the Message-ID's
 * randomness are the only things not taken from `mail`.
 */
export function composeMessage(
  sender: MailSender,
  mail: OutgoingMail,
  date = new Date(),
): { messageId: string; raw: string } {
  const unique = randomUUID();
  const domain = sender.address.slice(sender.address.lastIndexOf('@') + 1) || 'localhost';
  const boundary = (part: number) => `--_LabLive-${unique}-Part_${part}`;
  const alternative = multipart('alternative', boundary(2), [
    textPart('text/plain; charset=utf-8', mail.text),
    textPart('text/html; charset=utf-8', mail.html),
    ...(mail.icalEvent
      ? [textPart(`text/calendar; charset=utf-8; method=${mail.icalEvent.method}`, mail.icalEvent.content)]
      : []),
  ]);
  const files = [
    ...(mail.attachments ?? []).map((file) => filePart(file.contentType, file.filename, file.contentBase64)),
    ...(mail.icalEvent
      ? [
          filePart(
            'application/ics',
            mail.icalEvent.filename,
            Buffer.from(mail.icalEvent.content.replace(/\r?\n/g, '\r\n')).toString('base64'),
          ),
        ]
      : []),
  ];
  const body = files.length > 0 ? multipart('mixed', boundary(1), [alternative, ...files]) : alternative;
  const messageId = `<${unique}@${domain}>`;
  const raw = [
    header('From', sender.header),
    header('To', recipientAddress(mail.to)),
    header('Subject', encodeWords(mail.subject.replace(/\s+/g, ' ').trim(), 'Q', 52)),
    header('Message-ID', messageId),
    header('Date', date.toUTCString().replace(/GMT$/, '+0000')),
    header('MIME-Version', '1.0'),
    body,
  ].join('\r\n');
  return { messageId, raw };
}
