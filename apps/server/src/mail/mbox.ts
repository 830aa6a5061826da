// The outbox's file format: mbox (RFC 4155, the "mboxrd" variant), many messages in one file, each after
// a "From " line, with body lines that start with "From " (after any ">") given one more ">". One file
// per day rather than one .eml file per mail: creating a file is the dearest part of writing a mail on
// a disk like this machine's (0.7 ms of system time each, against 0.005 ms to append), which capped a
// burst of reminders (docs/adr/0003-outbox-as-mbox.md).

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** asctime(3) in UTC, as the "From " line carries it: "Tue Nov 24 15:40:00 2026". */
function asctime(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${WEEKDAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${String(date.getUTCDate()).padStart(2, ' ')} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())} ${date.getUTCFullYear()}`;
}

/** The day's file name: "2026-11-24.mbox" (UTC). */
export const mboxFileName = (date: Date): string => `${date.toISOString().slice(0, 10)}.mbox`;

/** One message (LF line endings) as an mbox entry, ready to append. */
export function mboxEntry(sender: string, date: Date, message: string): string {
  const body = message.replace(/^(>*From )/gm, '>$1');
  return `From ${sender} ${asctime(date)}\n${body}${body.endsWith('\n') ? '' : '\n'}\n`;
}

/** The messages of an mbox file, as they were before being appended. */
export function mboxMessages(text: string): string[] {
  return text
    .split(/^From [^\n]*\n/m)
    .slice(1)
    .map((entry) => entry.replace(/\n$/, '').replace(/^>(>*From )/gm, '$1'));
}
