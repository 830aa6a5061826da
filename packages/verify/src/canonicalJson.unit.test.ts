import { describe, expect, it } from 'vitest';
import { CanonicalJsonError, canonicalJson, canonicalJsonWithAndWithout } from './canonicalJson.ts';

// The number forms of RFC 8785 Appendix B (IEEE 754 bit pattern -> canonical text).
const APPENDIX_B: Array<[string, string]> = [
  ['0000000000000000', '0'],
  ['8000000000000000', '0'],
  ['0000000000000001', '5e-324'],
  ['8000000000000001', '-5e-324'],
  ['7fefffffffffffff', '1.7976931348623157e+308'],
  ['ffefffffffffffff', '-1.7976931348623157e+308'],
  ['4340000000000000', '9007199254740992'],
  ['c340000000000000', '-9007199254740992'],
  ['4430000000000000', '295147905179352830000'],
  ['44b52d02c7e14af5', '9.999999999999997e+22'],
  ['44b52d02c7e14af6', '1e+23'],
  ['44b52d02c7e14af7', '1.0000000000000001e+23'],
  ['444b1ae4d6e2ef4e', '999999999999999700000'],
  ['444b1ae4d6e2ef4f', '999999999999999900000'],
  ['444b1ae4d6e2ef50', '1e+21'],
  ['3eb0c6f7a0b5ed8c', '9.999999999999997e-7'],
  ['3eb0c6f7a0b5ed8d', '0.000001'],
  ['41b3de4355555553', '333333333.3333332'],
  ['41b3de4355555554', '333333333.33333325'],
  ['41b3de4355555555', '333333333.3333333'],
  ['41b3de4355555556', '333333333.3333334'],
  ['41b3de4355555557', '333333333.33333343'],
  ['becbf647612f3696', '-0.0000033333333333333333'],
  ['43143ff3c1cb0959', '1424953923781206.2'],
];

const fromBits = (hex: string) => Buffer.from(hex, 'hex').readDoubleBE(0);

describe('canonicalJson (RFC 8785)', () => {
  it('writes the example of RFC 8785 §3.2.2 as the RFC does', () => {
    // The RFC's input, as JSON.parse reads it: numbers, escapes and literals.
    const input = JSON.parse(
      '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],' +
        ' "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/", "literals": [null, true, false]}',
    );
    expect(canonicalJson(input)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],' +
        '"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it('sorts members by UTF-16 code units, as RFC 8785 §3.2.3 does (non-ASCII and astral names)', () => {
    const input = JSON.parse(
      '{"\\u20ac": "Euro Sign", "\\r": "Carriage Return", "\\ufb33": "Hebrew Letter Dalet With Dagesh",' +
        ' "1": "One", "\\ud83d\\ude00": "Emoji: Grinning Face", "\\u0080": "Control",' +
        ' "\\u00f6": "Latin Small Letter O With Diaeresis"}',
    );
    // The emoji's high surrogate (U+D83D) sorts before U+FB33, though its code point is higher.
    expect(canonicalJson(input)).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","ö":"Latin Small Letter O With Diaeresis",' +
        '"€":"Euro Sign","😀":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
  });

  it("matches the reference implementation's weird.json test file (cyberphone/json-canonicalization)", () => {
    const input = {
      '€': 'Euro Sign',
      '1': 'One',
      '\u0080': 'Control\u007f',
      '😂': 'Smiley',
      ö: 'Latin Small Letter O With Diaeresis',
      '\ufb33': 'Hebrew Letter Dalet With Dagesh',
      '</script>': 'Browser Challenge',
    };
    expect(canonicalJson(input)).toBe(
      '{"1":"One","</script>":"Browser Challenge","\u0080":"Control\u007f","ö":"Latin Small Letter O With Diaeresis",' +
        '"€":"Euro Sign","😂":"Smiley","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    );
  });

  it.each(APPENDIX_B)('writes the double %s as %s (RFC 8785 Appendix B)', (bits, text) => {
    expect(canonicalJson(fromBits(bits))).toBe(text);
  });

  it('writes 1e21, 1E-7 and -0 in ECMAScript form', () => {
    expect(canonicalJson([1e21, 1e-7, -0, 1e20, 0.1, 100])).toBe(
      '[1e+21,1e-7,0,100000000000000000000,0.1,100]',
    );
  });

  it('escapes control characters, quotes and backslashes, and nothing else', () => {
    expect(canonicalJson('\b\t\n\f\r\u0001\u001f"\\/é\u2028')).toBe(
      '"\\b\\t\\n\\f\\r\\u0001\\u001f\\"\\\\/é\u2028"',
    );
  });

  it('nests arrays and objects without whitespace, sorting at every level', () => {
    expect(canonicalJson({ b: [{ z: 1, a: [] }, {}], a: { y: null, x: true } })).toBe(
      '{"a":{"x":true,"y":null},"b":[{"a":[],"z":1},{}]}',
    );
  });

  it.each([
    [{ a: { b: Number.NaN } }, 'the non-finite number NaN at $.a.b'],
    [{ list: [1, Number.POSITIVE_INFINITY] }, 'the non-finite number Infinity at $.list[1]'],
    [{ 'odd name': undefined }, 'undefined at $["odd name"]'],
    [{ text: 'ok \uD800 no' }, 'a lone surrogate (not Unicode text) at $.text'],
    [{ '\uDC00': 1 }, 'a lone surrogate (not Unicode text) at $["\\udc00"]'],
    [{ at: new Date(0) }, 'an instance of Date (only plain objects are JSON) at $.at'],
    [{ n: 10n }, 'a bigint at $.n'],
    [[() => 1], 'a function at $[0]'],
  ])('refuses %o, naming where: %s', (value, message) => {
    expect(() => canonicalJson(value)).toThrow(CanonicalJsonError);
    expect(() => canonicalJson(value)).toThrow(message);
  });

  it('refuses a cycle instead of overflowing the stack', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow(/nesting deeper than 256 levels/);
  });

  it('writes an object with and without one member in one pass', () => {
    expect(canonicalJsonWithAndWithout({ seq: 2, hash: 'h', body: 'x' }, 'hash')).toEqual({
      whole: '{"body":"x","hash":"h","seq":2}',
      without: '{"body":"x","seq":2}',
    });
    expect(canonicalJsonWithAndWithout({ hash: 'h' }, 'hash')).toEqual({
      whole: '{"hash":"h"}',
      without: '{}',
    });
  });
});
