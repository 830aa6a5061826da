// One event line of a package checked while the file streams: accepted straight from its bytes when it
// is certainly right (fastEventLine.ts), else parsed and judged (canonical JSON, its seq, its recorded
// hash), and a seq out of place explained by reading on (swapped, moved, missing, repeated).
import { canonicalJsonWithAndWithout } from './canonicalJson.ts';
import { leafHashOfLine, recordsHash, scanEventLine } from './fastEventLine.ts';
import { type FileLine, type LineBatch, MAX_LINE_BYTES, UNREADABLE_LINE } from './lineBatches.ts';
import { leafHash } from './merkle.ts';
import { PROBLEMS, type Problem } from './verifyResult.ts';

const where = (line: number) => `Line ${line} (where event ${line - 1} belongs)`;

function seqOf(text: FileLine): number | undefined {
  if (typeof text !== 'string') return undefined;
  try {
    const seq = (JSON.parse(text) as { seq?: unknown } | null)?.seq;
    return typeof seq === 'number' ? seq : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Says what a seq that is not the expected one means, reading on through the rest of the file: a pair
 * swapped, an event moved, events missing, or one repeated. Only runs once a problem is found.
 */
export async function sequenceProblem(
  seq: number,
  expected: number,
  line: number,
  rest: AsyncIterable<FileLine>,
): Promise<Problem> {
  const previous = expected === 1 ? 'the header' : `event ${expected - 1}`;
  if (seq < expected) {
    return {
      code: PROBLEMS.outOfOrder,
      line,
      events: [expected - 1, seq],
      message: `Events ${expected - 1} and ${seq} are out of order: line ${line}, where event ${expected} belongs, holds event ${seq} again (it was at line ${seq + 1}).`,
    };
  }
  let next: number | undefined;
  let foundAt: number | undefined;
  let gapSeenLater = false;
  let current = line;
  for await (const text of rest) {
    current += 1;
    const later = seqOf(text);
    if (current === line + 1) next = later;
    if (later === expected) {
      foundAt = current;
      break;
    }
    if (later !== undefined && later > expected && later < seq) gapSeenLater = true;
  }
  if (next === expected && seq === expected + 1) {
    return {
      code: PROBLEMS.outOfOrder,
      line,
      events: [expected, seq],
      message: `Events ${expected} and ${seq} are swapped: line ${line} holds event ${seq} and line ${line + 1} event ${expected}.`,
    };
  }
  if (foundAt !== undefined) {
    return {
      code: PROBLEMS.outOfOrder,
      line,
      events: [expected, seq],
      message: `Events ${expected} and ${seq} are out of order: event ${expected} is at line ${foundAt}, but event ${seq} comes at line ${line}, after ${previous}.`,
    };
  }
  if (seq === expected + 1 || gapSeenLater) {
    return {
      code: PROBLEMS.missingEvents,
      line,
      events: [expected],
      message: `Event ${expected} is missing: event ${seq} follows ${previous} at line ${line}.`,
    };
  }
  return {
    code: PROBLEMS.missingEvents,
    line,
    events: [expected, seq - 1],
    message: `Events ${expected} to ${seq - 1} are missing: event ${seq} follows ${previous} at line ${line}.`,
  };
}

/**
 * The fast path (fastEventLine.ts): the leaf of a line that is certainly canonical, in order and matching
 * its recorded hash; null leaves the line to `checkEventLine`.
 */
export function acceptedLeaf(batch: LineBatch, index: number, expected: number): Buffer | null {
  const start = batch.bounds[2 * index] ?? -1;
  const end = batch.bounds[2 * index + 1] ?? -1;
  if (!batch.utf8 || start < 0) return null;
  const found = scanEventLine(batch.bytes, start, end);
  if (!found || found.seq !== expected) return null;
  const leaf = leafHashOfLine(batch.bytes, start, end, found);
  return recordsHash(batch.bytes, found, leaf) ? leaf : null;
}

/**
 * The exact checks of one event line, on its text: every line the fast path declines, which is every
 * line with a problem. Returns the event's leaf hash, or the problem, or the seq it found where another
 * was expected.
 */
export function checkEventLine(text: FileLine, line: number, expected: number): Buffer | Problem | number {
  if (typeof text !== 'string') {
    return text.unreadable === UNREADABLE_LINE.notUtf8
      ? {
          code: PROBLEMS.notUtf8,
          line,
          message: `${where(line)} is not UTF-8 text: the file was altered there.`,
        }
      : {
          code: PROBLEMS.lineTooLong,
          line,
          message: `${where(line)} is longer than ${MAX_LINE_BYTES / 1024 / 1024} MiB, no export line is: the file was altered there.`,
        };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const what = text === '' ? 'is empty' : 'is not JSON';
    return {
      code: PROBLEMS.notJson,
      line,
      message: `${where(line)} ${what}: the file was altered there.`,
    };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      code: PROBLEMS.notJson,
      line,
      message: `${where(line)} is not a JSON object: the file was altered there.`,
    };
  }
  const event = value as Record<string, unknown>;
  const seq = event.seq;
  const validSeq = typeof seq === 'number' && Number.isSafeInteger(seq) && seq >= 1;
  let forms: { whole: string; without: string } | null = null;
  try {
    forms = canonicalJsonWithAndWithout(event, 'hash');
  } catch {
    // A lone surrogate escaped in a string: JSON, but no canonical form; reported just below.
  }
  if (forms?.whole !== text) {
    const label = validSeq ? `Line ${line} (event ${seq})` : where(line);
    return {
      code: PROBLEMS.notCanonical,
      line,
      ...(validSeq ? { events: [seq] } : {}),
      message: `${label} is not written the way the exporter writes events (canonical JSON, RFC 8785): the file was altered there.`,
    };
  }
  if (!validSeq) {
    return {
      code: PROBLEMS.badSeq,
      line,
      message: `${where(line)} has no valid seq number: the file was altered there.`,
    };
  }
  if (seq !== expected) return seq;
  const hash = leafHash(forms.without);
  if (event.hash !== hash.toString('base64')) {
    const what =
      typeof event.hash === 'string'
        ? 'it no longer matches the hash recorded when it was logged'
        : 'it has no recorded hash';
    return {
      code: PROBLEMS.alteredEvent,
      line,
      events: [expected],
      message: `Event ${expected} was altered (line ${line}): ${what}.`,
    };
  }
  return hash;
}
