import { isUtf8 } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { canonicalJson, canonicalJsonWithAndWithout } from './canonicalJson.ts';
import { type EventFields, eventLeafHash, eventLine } from './exportPackage.ts';
import { leafHashOfLine, recordsHash, scanEventLine } from './fastEventLine.ts';
import { leafHash } from './merkle.ts';
import { sampleSessionEvents } from './testing/sampleEvents.ts';

const line = (seq: number, fields: EventFields) =>
  Buffer.from(eventLine({ ...fields, seq, hash: eventLeafHash(seq, fields).toString('base64') }).trimEnd());

/**
 * What the fast path recognises in a line, whatever its hash says: its seq and the hash of its leaf
 * input, or null when it declines. The recorded hash is left out on purpose: any changed byte outside it
 * changes the leaf, so comparing hashes would hide a scan that accepts a non-canonical line.
 */
function fast(bytes: Buffer): { seq: number; leaf: string } | null {
  // As in the verifier, which checks UTF-8 for the whole batch before the scan.
  if (!isUtf8(bytes)) return null;
  const found = scanEventLine(bytes, 0, bytes.length);
  if (!found) return null;
  return { seq: found.seq, leaf: leafHashOfLine(bytes, 0, bytes.length, found).toString('base64') };
}

/** The exact path's reading, by parsing and re-serialising: the reference the fast path must agree with. */
function exact(bytes: Buffer): { seq: number; leaf: string } | null {
  if (!isUtf8(bytes)) return null;
  const text = bytes.toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const event = value as Record<string, unknown>;
  try {
    const { whole, without } = canonicalJsonWithAndWithout(event, 'hash');
    if (whole !== text || typeof event.seq !== 'number' || !('hash' in event)) return null;
    return { seq: event.seq, leaf: leafHash(without).toString('base64') };
  } catch {
    return null;
  }
}

const UNUSUAL: EventFields[] = [
  { nested: { deep: [{ a: 1, b: [true, false, null] }], empty: {}, list: [] }, n: -12.5 },
  { numbers: [0, 1e21, 1e-7, 5e-324, 1.7976931348623157e308, 123456789012345680000, -1, 0.1] },
  { text: 'quote " backslash \\ slash / tab \t newline \n control \u0001 del \u007f' },
  { text: 'é€😀 \u2028 \ufb33', 'name with space': 'ok', Z: 'upper before lower' },
  { hash2: 'after hash', has: 'before hash', h: { hash: 'a nested hash is not the hash' } },
  { '\u00e9': 'a non-ASCII name: the fast path leaves it to the exact one' },
  { '10': 'integer-like names', '9': 'sort as text' },
];

describe('the fast path over event bytes', () => {
  it('accepts real and unusual event lines, with the leaf the exact path computes', () => {
    const events = [...sampleSessionEvents(300, 3), ...UNUSUAL];
    let accepted = 0;
    events.forEach((fields, index) => {
      const bytes = line(index + 1, fields);
      const reference = exact(bytes);
      expect(reference, `line ${index + 1} is canonical`).not.toBeNull();
      const result = fast(bytes);
      if (result) {
        accepted += 1;
        expect(result).toEqual(reference);
      }
    });
    // It may decline what it is not sure of (a non-ASCII member name), but takes the ordinary lines.
    expect(accepted).toBeGreaterThanOrEqual(events.length - 1);
    expect(fast(line(1, { '\u00e9': 'x' }))).toBeNull();
  });

  it('checks the recorded hash byte for byte', () => {
    const bytes = line(7, { text: 'seven' });
    const found = scanEventLine(bytes, 0, bytes.length);
    if (!found) throw new Error('declined');
    const leaf = leafHashOfLine(bytes, 0, bytes.length, found);
    expect(leaf).toEqual(eventLeafHash(7, { text: 'seven' }));
    expect(recordsHash(bytes, found, leaf)).toBe(true);
    expect(recordsHash(bytes, found, leafHash('other'))).toBe(false);
  });

  it('compares the recorded base64 exactly as Buffer encodes it, for any hash', () => {
    for (let index = 0; index < 2000; index++) {
      const leaf = leafHash(`leaf ${index}`);
      const encoded = leaf.toString('base64');
      const bytes = Buffer.from(`{"hash":"${encoded}","seq":1}`);
      const found = scanEventLine(bytes, 0, bytes.length);
      if (!found) throw new Error('declined');
      expect(recordsHash(bytes, found, leaf)).toBe(true);
      // The value starts after `{"hash":"` (9 bytes); change one of its 44 characters.
      const character = index % 44;
      const altered = Buffer.from(bytes);
      altered[9 + character] = encoded.charCodeAt(character) === 0x41 ? 0x42 : 0x41;
      expect(altered.equals(bytes)).toBe(false);
      const alteredFound = scanEventLine(altered, 0, altered.length);
      if (alteredFound) expect(recordsHash(altered, alteredFound, leaf), altered.toString()).toBe(false);
    }
  });

  it('never recognises a line the exact path refuses or reads differently, whatever single byte changed', () => {
    const samples = [...sampleSessionEvents(20, 9), ...UNUSUAL].map((fields, index) =>
      line(index + 1, fields),
    );
    let checked = 0;
    for (const original of samples) {
      for (let offset = 0; offset < original.length; offset++) {
        for (const replacement of [
          (original[offset] ?? 0) ^ 1,
          (original[offset] ?? 0) ^ 0x20,
          0x20,
          0x22,
          0x2c,
          0x30,
          0x5c,
          0x7d,
          0xff,
        ]) {
          const altered = Buffer.from(original);
          altered[offset] = replacement;
          const result = fast(altered);
          if (result) expect(result, `${altered.toString('latin1')}`).toEqual(exact(altered));
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(50_000);
    // A shared 2-core machine under load took 5 s where it takes 2.
  }, 30_000);

  it('refuses numbers and strings ECMAScript would not write that way', () => {
    const base = (value: string) => Buffer.from(`{"hash":"x","n":${value},"seq":1}`);
    for (const value of [
      '1.0',
      '01',
      '-0',
      '1E21',
      '1e21',
      '+1',
      '.5',
      '1e+021',
      '0x10',
      '1_0',
      '"\\/"',
      '"\\u0041"',
      '"\\u000A"',
      '"\\u000a"',
    ]) {
      expect(scanEventLine(base(value), 0, base(value).length), value).toBeNull();
    }
    for (const value of ['1e+21', '0.000001', '1e-7', '-5', '"\\u001f"', '"\\n"', '"\u00e9"']) {
      expect(scanEventLine(base(value), 0, base(value).length), value).not.toBeNull();
    }
  });

  it('refuses member names out of order or repeated, at the top and nested', () => {
    for (const text of [
      '{"a":1,"a":1,"hash":"x","seq":1}',
      '{"b":1,"a":1,"hash":"x","seq":1}',
      '{"hash":"x","seq":1,"seq":1}',
      '{"hash":"x","n":{"b":1,"a":2},"seq":1}',
      '{"hash":"x","n":[{"k":1,"k":2}],"seq":1}',
      '{"hash":"x","seq":1} ',
      ' {"hash":"x","seq":1}',
      '{"hash":"x", "seq":1}',
    ]) {
      expect(scanEventLine(Buffer.from(text), 0, Buffer.byteLength(text)), text).toBeNull();
      expect(exact(Buffer.from(text)), text).toBeNull();
    }
    expect(scanEventLine(Buffer.from('{"a":1,"ab":1,"b":{},"hash":"x","seq":1}'), 0, 40)).not.toBeNull();
  });

  it('reads only its own line inside a larger buffer', () => {
    const one = line(1, { text: 'first' });
    const buffer = Buffer.concat([one.subarray(0, one.length - 1), Buffer.from('\n}')]);
    expect(scanEventLine(buffer, 0, one.length - 1)).toBeNull();
    expect(canonicalJson(JSON.parse(one.toString()))).toBe(one.toString());
  });
});
