// The verifier's fast path: accepts an event line straight from the file's bytes when it is certainly
// canonical JSON (RFC 8785) with the expected seq and a hash that matches, and hashes its leaf from those
// bytes. A million lines through JSON.parse, a re-serialisation and a UTF-16 to UTF-8 round trip took
// most of the verification's time; one pass over the bytes does not. The scan is deliberately partial:
// whatever it is not sure of (escaped or non-ASCII member names, nesting past the limit, anything not
// canonical) it declines, and the verifier's exact path, which parses and re-serialises, decides and says
// what is wrong. So it must never accept a line the exact path would refuse, which its tests check on
// every single-byte change of real lines.
import { hash } from 'node:crypto';
import { HASH_SIZE } from './merkle.ts';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const MAX_DEPTH = 64;
/** Digits-only integers this long or shorter are exact doubles that ECMAScript prints digit for digit. */
const SAFE_DIGITS = 15;

// Escapes JCS writes as two characters; any other control character is \u00xx, lowercase.
const SHORT_ESCAPES = new Set([0x22, 0x5c, 0x62, 0x66, 0x6e, 0x72, 0x74]);
const SHORT_ESCAPED_CONTROLS = new Set([0x08, 0x09, 0x0a, 0x0c, 0x0d]);
const HEX_LOWER = /^[0-9a-f]{2}$/;

// The scan's cursor, kept in module state rather than objects: the scan runs a million times.
let bytes: Uint8Array = new Uint8Array(0);
let at = 0;
let end = 0;

function scanString(): boolean {
  at += 1;
  while (at < end) {
    const c = bytes[at] as number;
    if (c === QUOTE) {
      at += 1;
      return true;
    }
    if (c === BACKSLASH) {
      const escaped = bytes[at + 1] ?? 0;
      if (SHORT_ESCAPES.has(escaped)) {
        at += 2;
        continue;
      }
      if (escaped !== 0x75 || bytes[at + 2] !== 0x30 || bytes[at + 3] !== 0x30) return false;
      const hex = String.fromCharCode(bytes[at + 4] ?? 0, bytes[at + 5] ?? 0);
      const code = Number.parseInt(hex, 16);
      if (!HEX_LOWER.test(hex) || code >= 0x20 || SHORT_ESCAPED_CONTROLS.has(code)) return false;
      at += 6;
      continue;
    }
    if (c < 0x20) return false;
    at += 1;
  }
  return false;
}

function isDigit(c: number | undefined): boolean {
  return c !== undefined && c >= 0x30 && c <= 0x39;
}

/** A number token as ECMAScript prints it; the value, or NaN when it is not canonical. */
function scanNumber(): number {
  const start = at;
  while (at < end) {
    const c = bytes[at] as number;
    if (isDigit(c) || c === 0x2d || c === 0x2b || c === 0x2e || c === 0x65) at += 1;
    else break;
  }
  const length = at - start;
  const negative = bytes[start] === 0x2d;
  const first = negative ? start + 1 : start;
  let plainInteger = first < at && length <= SAFE_DIGITS && !(bytes[first] === 0x30 && at - first > 1);
  for (let index = first; plainInteger && index < at; index++) plainInteger = isDigit(bytes[index]);
  let text = '';
  for (let index = start; index < at; index++) text += String.fromCharCode(bytes[index] as number);
  const value = Number(text);
  if (plainInteger) return negative && value === 0 ? Number.NaN : value;
  // Anything else only when it is exactly how ECMAScript prints its value (1e+21, 0.000001, 5e-324).
  return Number.isFinite(value) && String(value) === text ? value : Number.NaN;
}

function scanLiteral(literal: readonly number[]): boolean {
  for (let index = 0; index < literal.length; index++) {
    if (bytes[at + index] !== literal[index]) return false;
  }
  at += literal.length;
  return true;
}

const TRUE = [0x74, 0x72, 0x75, 0x65];
const FALSE = [0x66, 0x61, 0x6c, 0x73, 0x65];
const NULL = [0x6e, 0x75, 0x6c, 0x6c];

function scanValue(depth: number): boolean {
  const c = bytes[at];
  if (c === QUOTE) return scanString();
  if (c === OPEN_OBJECT) return scanObject(depth + 1, null);
  if (c === OPEN_ARRAY) return scanArray(depth + 1);
  if (c === 0x74) return scanLiteral(TRUE);
  if (c === 0x66) return scanLiteral(FALSE);
  if (c === 0x6e) return scanLiteral(NULL);
  return !Number.isNaN(scanNumber());
}

function scanArray(depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  at += 1;
  if (bytes[at] === CLOSE_ARRAY) {
    at += 1;
    return true;
  }
  for (;;) {
    if (!scanValue(depth)) return false;
    const c = bytes[at];
    at += 1;
    if (c === CLOSE_ARRAY) return true;
    if (c !== COMMA) return false;
  }
}

/**
 * Compares two member names given as byte ranges, both plain ASCII without escapes (else the scan
 * declines): byte order is then UTF-16 order. Negative, zero or positive like a comparator.
 */
function compareNames(aStart: number, aEnd: number, bStart: number, bEnd: number): number {
  const length = Math.min(aEnd - aStart, bEnd - bStart);
  for (let index = 0; index < length; index++) {
    const difference = (bytes[aStart + index] as number) - (bytes[bStart + index] as number);
    if (difference !== 0) return difference;
  }
  return aEnd - aStart - (bEnd - bStart);
}

/** A plain ASCII member name (no escape, nothing above 0x7e): scanned, its end returned, or -1. */
function scanPlainName(): number {
  at += 1;
  while (at < end) {
    const c = bytes[at] as number;
    if (c === QUOTE) return at++;
    if (c < 0x20 || c === BACKSLASH || c > 0x7e) return -1;
    at += 1;
  }
  return -1;
}

/** Where the top-level object's `seq` and `hash` are, filled by the scan of a line. */
export type EventLineParts = {
  seq: number;
  /** The `"hash":"..."` member's byte range, without the comma around it. */
  hashMemberStart: number;
  hashMemberEnd: number;
};

function isName(nameStart: number, nameEnd: number, name: readonly number[]): boolean {
  if (nameEnd - nameStart !== name.length) return false;
  for (let index = 0; index < name.length; index++) {
    if (bytes[nameStart + index] !== name[index]) return false;
  }
  return true;
}

const SEQ = [0x73, 0x65, 0x71];
const HASH = [0x68, 0x61, 0x73, 0x68];

function scanObject(depth: number, parts: EventLineParts | null): boolean {
  if (depth > MAX_DEPTH) return false;
  at += 1;
  if (bytes[at] === CLOSE_OBJECT) {
    at += 1;
    return true;
  }
  let previousStart = -1;
  let previousEnd = -1;
  for (;;) {
    if (bytes[at] !== QUOTE) return false;
    const memberStart = at;
    const nameStart = at + 1;
    const nameEnd = scanPlainName();
    if (nameEnd < 0) return false;
    // Strictly increasing names: sorted, and no name twice.
    if (previousStart >= 0 && compareNames(previousStart, previousEnd, nameStart, nameEnd) >= 0) return false;
    previousStart = nameStart;
    previousEnd = nameEnd;
    if (bytes[at] !== COLON) return false;
    at += 1;
    if (parts && isName(nameStart, nameEnd, SEQ)) {
      parts.seq = scanNumber();
      if (Number.isNaN(parts.seq)) return false;
    } else if (!scanValue(depth)) {
      return false;
    }
    if (parts && isName(nameStart, nameEnd, HASH)) {
      parts.hashMemberStart = memberStart;
      parts.hashMemberEnd = at;
    }
    const c = bytes[at];
    at += 1;
    if (c === CLOSE_OBJECT) return true;
    if (c !== COMMA) return false;
  }
}

const parts: EventLineParts = { seq: Number.NaN, hashMemberStart: -1, hashMemberEnd: -1 };

/**
 * Scans bytes[start, end) as an event line. Returns the parts when the line is certainly canonical JSON
 * of an object with a top-level `seq` number and `hash` member, null when the exact path must decide.
 * The bytes must be valid UTF-8 (the line reader checks each batch).
 */
export function scanEventLine(line: Uint8Array, start: number, stop: number): EventLineParts | null {
  bytes = line;
  at = start;
  end = stop;
  parts.seq = Number.NaN;
  parts.hashMemberStart = -1;
  parts.hashMemberEnd = -1;
  const accepted = bytes[at] === OPEN_OBJECT && scanObject(1, parts) && at === stop;
  return accepted && !Number.isNaN(parts.seq) && parts.hashMemberStart >= 0 ? parts : null;
}

let leafInput = Buffer.alloc(4096);

/**
 * The leaf hash of an accepted line, from its bytes: SHA-256(0x00 || the line without its hash member
 * and the comma that joins it to its neighbour), the same bytes as the canonical JSON without `hash`.
 */
export function leafHashOfLine(line: Uint8Array, start: number, stop: number, found: EventLineParts): Buffer {
  let cutStart = found.hashMemberStart;
  let cutEnd = found.hashMemberEnd;
  if (line[cutStart - 1] === COMMA) cutStart -= 1;
  else if (line[cutEnd] === COMMA) cutEnd += 1;
  const length = 1 + (cutStart - start) + (stop - cutEnd);
  if (leafInput.length < length) leafInput = Buffer.alloc(length * 2);
  leafInput[0] = 0;
  leafInput.set(line.subarray(start, cutStart), 1);
  leafInput.set(line.subarray(cutEnd, stop), 1 + cutStart - start);
  return hash('sha256', leafInput.subarray(0, length), 'buffer');
}

const BASE64_ALPHABET = Buffer.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/');
const PADDING = 0x3d;

/**
 * Whether the hash member's value is exactly `"<base64 of leaf>"`, compared byte by byte as the base64 is
 * worked out, without a string per event.
 */
export function recordsHash(line: Uint8Array, found: EventLineParts, leaf: Uint8Array): boolean {
  // `"hash":"` is 8 bytes, then 44 base64 characters for 32 bytes, then the closing quote.
  const valueStart = found.hashMemberStart + 8;
  if (leaf.length !== HASH_SIZE || found.hashMemberEnd - valueStart !== 45) return false;
  if (line[valueStart - 1] !== QUOTE || line[found.hashMemberEnd - 1] !== QUOTE) return false;
  let out = valueStart;
  const char = (sextet: number) => BASE64_ALPHABET[sextet & 0x3f];
  for (let index = 0; index < 30; index += 3) {
    const triple =
      ((leaf[index] as number) << 16) | ((leaf[index + 1] as number) << 8) | (leaf[index + 2] as number);
    if (
      line[out] !== char(triple >> 18) ||
      line[out + 1] !== char(triple >> 12) ||
      line[out + 2] !== char(triple >> 6) ||
      line[out + 3] !== char(triple)
    ) {
      return false;
    }
    out += 4;
  }
  // The last two bytes: three characters and one padding.
  const pair = ((leaf[30] as number) << 8) | (leaf[31] as number);
  return (
    line[out] === char(pair >> 10) &&
    line[out + 1] === char(pair >> 4) &&
    line[out + 2] === char(pair << 2) &&
    line[out + 3] === PADDING
  );
}
