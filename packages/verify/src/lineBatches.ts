// Reads a text file as lines, a chunk's worth at a time, for the verifier's million-line packages:
// splitting the bytes on newlines and decoding each line once is several times faster than node:readline,
// and a batch per chunk spares an await per line. A line that is not valid UTF-8, or absurdly long, comes
// as a marker, not as text, so the verifier can say which line was damaged.
import { isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';

export const UNREADABLE_LINE = {
  notUtf8: 'notUtf8',
  tooLong: 'tooLong',
} as const;
export type UnreadableLine = { unreadable: (typeof UNREADABLE_LINE)[keyof typeof UNREADABLE_LINE] };
export type FileLine = string | UnreadableLine;

/** Far above any export line (an event is a few hundred bytes; the header a few kilobytes). */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;
const CHUNK_BYTES = 1024 * 1024;
const NEWLINE = 0x0a;

const NOT_UTF8: UnreadableLine = { unreadable: UNREADABLE_LINE.notUtf8 };
const TOO_LONG: UnreadableLine = { unreadable: UNREADABLE_LINE.tooLong };

function decodeLine(bytes: Buffer, start: number, end: number): FileLine {
  const text = bytes.toString('utf8', start, end);
  // Node replaces invalid sequences with U+FFFD; only then are the bytes worth checking.
  if (text.includes('\uFFFD') && !isUtf8(bytes.subarray(start, end))) return NOT_UTF8;
  return text;
}

/**
 * The file's lines (without their newline), in batches. A last line without a newline is still a line;
 * the stream's errors (no such file, a directory) are thrown from the first iteration.
 */
export async function* readLineBatches(
  path: string,
  maxLineBytes: number = MAX_LINE_BYTES,
): AsyncGenerator<FileLine[]> {
  let rest: Buffer | null = null;
  for await (const chunk of createReadStream(path, { highWaterMark: CHUNK_BYTES })) {
    const bytes: Buffer = rest ? Buffer.concat([rest, chunk as Buffer]) : (chunk as Buffer);
    const lines: FileLine[] = [];
    let start = 0;
    for (let end = bytes.indexOf(NEWLINE, start); end !== -1; end = bytes.indexOf(NEWLINE, start)) {
      lines.push(end - start > maxLineBytes ? TOO_LONG : decodeLine(bytes, start, end));
      start = end + 1;
    }
    rest = start < bytes.length ? bytes.subarray(start) : null;
    if (rest && rest.length > maxLineBytes) {
      lines.push(TOO_LONG);
      yield lines;
      return;
    }
    if (lines.length > 0) yield lines;
  }
  if (rest) yield [decodeLine(rest, 0, rest.length)];
}
