// A real SMTP server (smtp-server, the receiving side of nodemailer) that keeps what it receives, so
// tests see the mail a user would get through the same SMTP conversation as production.
import { SMTPServer } from 'smtp-server';

export type CapturedMail = { from: string; to: string[]; raw: string; text: string };

export type SmtpCapture = {
  url: string;
  mails: CapturedMail[];
  waitForMail(predicate: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
  /** The next `count` mails are refused with a temporary error (451), as a mail server that is down. */
  refuseNext(count: number): void;
  /** How many mails were refused so far. */
  refused(): number;
  /** The server goes away: connections to its port are refused, as a mail server that is down. */
  stop(): Promise<void>;
  /** The server comes back on the same port, keeping what it received before. */
  start(): Promise<void>;
};

/** Undoes quoted-printable transfer encoding (soft line breaks and =XX bytes) of one part's body. */
function decodeQuotedPrintablePart(body: string): string {
  const joined = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? ''));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * A whole message with its quoted-printable parts decoded, and only those: a 7bit part (a calendar
 * file, a short text) keeps its `=` signs as they are (a link's `?invitation=20ab` stays whole).
 */
export function decodeQuotedPrintable(raw: string): string {
  const lines = raw.split(/(?<=\n)/);
  let out = '';
  let part = '';
  let inHeaders = true;
  let quoted = false;
  const boundaries: string[] = [];
  const flush = () => {
    out += quoted ? decodeQuotedPrintablePart(part) : part;
    part = '';
  };
  for (const line of lines) {
    if (boundaries.some((boundary) => line.startsWith(`--${boundary}`))) {
      // A boundary: the part before it ends, and the next one starts with its headers.
      flush();
      out += line;
      inHeaders = true;
      quoted = false;
      continue;
    }
    if (inHeaders) {
      out += line;
      if (/^content-transfer-encoding:\s*quoted-printable/i.test(line)) quoted = true;
      const boundary = /boundary="?([^";\r\n]+)"?/i.exec(line)?.[1];
      if (boundary !== undefined) boundaries.push(boundary);
      if (line.trim() === '') inHeaders = false;
      continue;
    }
    part += line;
  }
  flush();
  return out;
}

export type CapturedAttachment = { filename: string; contentType: string; content: Buffer };

/** The files a captured mail carries (its parts sent as attachments), decoded. */
export function mailAttachments(mail: CapturedMail): CapturedAttachment[] {
  const boundaries = [...mail.raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].flatMap((match) =>
    match[1] === undefined ? [] : [match[1]],
  );
  const parts = boundaries.reduce(
    (chunks, boundary) => chunks.flatMap((chunk) => chunk.split(`--${boundary}`)),
    [mail.raw],
  );
  return parts.flatMap((part) => {
    const [head = '', ...rest] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    if (!/^content-disposition:\s*attachment/im.test(head)) return [];
    const body = rest.join('\n\n');
    return [
      {
        filename: /filename="?([^";\r\n]+)"?/i.exec(head)?.[1] ?? '',
        contentType: /^content-type:\s*([^;\r\n]+)/im.exec(head)?.[1]?.trim() ?? '',
        content: /^content-transfer-encoding:\s*base64/im.test(head)
          ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
          : Buffer.from(body),
      },
    ];
  });
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const mails: CapturedMail[] = [];
  const waiters: Array<() => void> = [];
  let toRefuse = 0;
  let refusedCount = 0;
  const newServer = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        if (toRefuse > 0) {
          toRefuse--;
          refusedCount++;
          stream.resume();
          stream.on('end', () => {
            const refusal = new Error('Service not available, try again later') as Error & {
              responseCode: number;
            };
            refusal.responseCode = 451;
            callback(refusal);
          });
          return;
        }
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            text: decodeQuotedPrintable(raw),
          });
          for (const wake of waiters.splice(0)) wake();
          callback();
        });
      },
    });
  const listen = async (server: SMTPServer, port: number) => {
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.server.off('error', reject);
        resolve();
      });
    });
    return server;
  };
  let server: SMTPServer | null = await listen(newServer(), 0);
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const close = () =>
    new Promise<void>((resolve) => {
      const closing = server;
      server = null;
      if (closing) closing.close(() => resolve());
      else resolve();
    });
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitForMail(predicate, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = mails.find(predicate);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no matching mail within ${timeoutMs} ms (${mails.length} received)`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
    },
    close,
    refuseNext(count) {
      toRefuse = count;
    },
    refused: () => refusedCount,
    stop: close,
    async start() {
      if (server) throw new Error('the SMTP capture is running already');
      server = await listen(newServer(), port);
    },
  };
}
