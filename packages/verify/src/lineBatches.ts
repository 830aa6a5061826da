// Reads a text file as lines, a chunk's worth at a time, for the verifier's million-line packages: the
// bytes are split on newlines and kept as they are (the fast path reads them without decoding), UTF-8 is
// checked once per batch, and a batch per chunk spares an await per line. A line is decoded to text only
// when asked; one that is not valid UTF-8, or absurdly long, comes as a marker, not as text, so the
// verifier can say which line was damaged.
import { isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';

export const UNREADABLE_LINE = {
  notUtf8: 'notUtf8',
  tooLong: 'tooLong',
} as const;
export type UnreadableLine = { unreadable: (typeof UNREADABLE_LINE)[keyof typeof UNREADABLE_LINE] };
export type FileLine = string | UnreadableLine;

export type LineBatch = {
  bytes: Buffer;
  /** Each line's [start, end) in `bytes`, newline excluded, two numbers a line; -1, -1 for a line too long. */
  bounds: number[];
  /** Whether every line of the batch is valid UTF-8 (else each line is checked as it is decoded). */
  utf8: boolean;
};

/** Far above any export line (an event is a few hundred bytes; the header a few kilobytes). */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;
const CHUNK_BYTES = 1024 * 1024;
const NEWLINE = 0x0a;

const NOT_UTF8: UnreadableLine = { unreadable: UNREADABLE_LINE.notUtf8 };
const TOO_LONG: UnreadableLine = { unreadable: UNREADABLE_LINE.tooLong };

export const linesIn = (batch: LineBatch) => batch.bounds.length / 2;

/** Line `index` of the batch as text, or the reason it is not text. */
export function lineText(batch: LineBatch, index: number): FileLine {
  const start = batch.bounds[2 * index] ?? -1;
  const end = batch.bounds[2 * index + 1] ?? -1;
  if (start < 0) return TOO_LONG;
  if (!batch.utf8 && !isUtf8(batch.bytes.subarray(start, end))) return NOT_UTF8;
  return batch.bytes.toString('utf8', start, end);
}

/**
 * The file's lines in batches. A last line without a newline is still a line; the stream's errors (no
 * such file, a directory) are thrown from the first iteration.
 */
export async function* readLineBatches(
  path: string,
  maxLineBytes: number = MAX_LINE_BYTES,
): AsyncGenerator<LineBatch> {
  let rest: Buffer | null = null;
  for await (const chunk of createReadStream(path, { highWaterMark: CHUNK_BYTES })) {
    const bytes: Buffer = rest ? Buffer.concat([rest, chunk as Buffer]) : (chunk as Buffer);
    const bounds: number[] = [];
    let start = 0;
    for (let end = bytes.indexOf(NEWLINE, start); end !== -1; end = bytes.indexOf(NEWLINE, start)) {
      if (end - start > maxLineBytes) bounds.push(-1, -1);
      else bounds.push(start, end);
      start = end + 1;
    }
    rest = start < bytes.length ? bytes.subarray(start) : null;
    const tooLong = rest !== null && rest.length > maxLineBytes;
    if (tooLong) bounds.push(-1, -1);
    if (bounds.length > 0) yield { bytes, bounds, utf8: isUtf8(bytes.subarray(0, start)) };
    if (tooLong) return;
  }
  if (rest) yield { bytes: rest, bounds: [0, rest.length], utf8: isUtf8(rest) };
}

/** Every line of the batches from line `from` of `first` on, as text: for the rare reading after a problem. */
export async function* linesFrom(
  first: LineBatch,
  from: number,
  batches: AsyncIterator<LineBatch>,
): AsyncGenerator<FileLine> {
  for (let index = from; index < linesIn(first); index++) yield lineText(first, index);
  for (let next = await batches.next(); !next.done; next = await batches.next()) {
    for (let index = 0; index < linesIn(next.value); index++) yield lineText(next.value, index);
  }
}
