// RFC 8785 JSON Canonicalization Scheme (JCS): the one byte sequence a JSON value hashes to, whoever
// wrote it. Object members sorted by their names' UTF-16 code units, no whitespace, numbers as
// ECMAScript prints them, strings escaped as ECMAScript's JSON.stringify escapes them. JCS builds on
// ECMAScript's own serialisation, so the primitives are delegated to it and only what JSON.stringify
// would let through silently (NaN and Infinity as null, undefined members dropped, lone surrogates
// escaped, Dates and class instances turned into something else) is refused, naming where it was.

export type JsonValue = null | boolean | number | string | JsonValue[] | { [member: string]: JsonValue };

/** A value JCS cannot represent, with where it is (`$.body.items[2]`). */
export class CanonicalJsonError extends Error {
  readonly path: string;
  readonly reason: string;

  constructor(reason: string, segments: readonly string[]) {
    const path = `$${segments.join('')}`;
    super(`${reason} at ${path}`);
    this.name = 'CanonicalJsonError';
    this.path = path;
    this.reason = reason;
  }
}

/** Thrown inside the recursion; each level adds its segment on the way out, so no path is built on success. */
class Refusal {
  readonly segments: string[] = [];
  readonly reason: string;
  constructor(reason: string) {
    this.reason = reason;
  }
}

// With the `u` flag a surrogate pair is one code point, so only a lone half matches.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
const PLAIN_NAME = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
// Deeper than any exported event; a cycle in a value built in memory would otherwise overflow the stack.
const MAX_DEPTH = 256;

const memberSegment = (name: string) => (PLAIN_NAME.test(name) ? `.${name}` : `[${JSON.stringify(name)}]`);

function canonicalString(value: string): string {
  if (LONE_SURROGATE.test(value)) throw new Refusal('a lone surrogate (not Unicode text)');
  return JSON.stringify(value);
}

function canonicalNumber(value: number): string {
  if (!Number.isFinite(value)) throw new Refusal(`the non-finite number ${value}`);
  // ECMAScript's Number::toString is JCS's number form; -0 prints as 0, as RFC 8785 §3.2.2.3 asks.
  return String(value);
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function canonicalMember(object: Record<string, unknown>, name: string, depth: number): string {
  try {
    return `${canonicalString(name)}:${canonicalValue(object[name], depth)}`;
  } catch (error) {
    if (error instanceof Refusal) error.segments.unshift(memberSegment(name));
    throw error;
  }
}

function canonicalValue(value: unknown, depth: number): string {
  switch (typeof value) {
    case 'string':
      return canonicalString(value);
    case 'number':
      return canonicalNumber(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    default:
      throw new Refusal(typeof value === 'undefined' ? 'undefined' : `a ${typeof value}`);
  }
  if (value === null) return 'null';
  if (depth >= MAX_DEPTH) throw new Refusal(`nesting deeper than ${MAX_DEPTH} levels (a cycle?)`);
  if (Array.isArray(value)) {
    let out = '[';
    for (let index = 0; index < value.length; index++) {
      if (index > 0) out += ',';
      try {
        out += canonicalValue(value[index], depth + 1);
      } catch (error) {
        if (error instanceof Refusal) error.segments.unshift(`[${index}]`);
        throw error;
      }
    }
    return `${out}]`;
  }
  if (!isPlainObject(value)) {
    throw new Refusal(`an instance of ${value.constructor?.name ?? 'a class'} (only plain objects are JSON)`);
  }
  // Array.prototype.sort compares strings by UTF-16 code units: exactly JCS's member order (§3.2.3).
  const names = Object.keys(value).sort();
  let out = '{';
  for (let index = 0; index < names.length; index++) {
    if (index > 0) out += ',';
    out += canonicalMember(value, names[index] as string, depth + 1);
  }
  return `${out}}`;
}

function rethrow(error: unknown): never {
  if (error instanceof Refusal) throw new CanonicalJsonError(error.reason, error.segments);
  throw error;
}

/** The RFC 8785 canonical form of `value`; throws CanonicalJsonError for what JSON cannot hold. */
export function canonicalJson(value: unknown): string {
  try {
    return canonicalValue(value, 0);
  } catch (error) {
    rethrow(error);
  }
}

/**
 * The canonical form of a plain object and, in the same pass, of that object without one member: an
 * export line is the first, the hashed leaf the second (the line without its recorded hash).
 */
export function canonicalJsonWithAndWithout(
  object: Record<string, unknown>,
  omitted: string,
): { whole: string; without: string } {
  try {
    if (!isPlainObject(object)) throw new Refusal('not a plain object');
    const names = Object.keys(object).sort();
    let whole = '{';
    let without = '{';
    for (const name of names) {
      const member = canonicalMember(object, name, 1);
      if (whole.length > 1) whole += ',';
      whole += member;
      if (name === omitted) continue;
      if (without.length > 1) without += ',';
      without += member;
    }
    return { whole: `${whole}}`, without: `${without}}` };
  } catch (error) {
    rethrow(error);
  }
}
