// Text that PostgreSQL can store. A `text` column refuses the NUL character and a `jsonb` value refuses
// the escape of NUL and of a surrogate without its pair; JavaScript strings and zod accept all three.
// Free text is refused at the boundary with these checks (REST bodies, socket messages, forms), so a bad
// value is a 400 or a protocol error naming its field, never a database error that fails other work.
import { z } from 'zod';

export const UNSTORABLE_TEXT_MESSAGE = 'must not contain NUL characters or unpaired UTF-16 surrogates';

/** Whether PostgreSQL can store the string: no NUL, and every surrogate in a pair. */
export function isStorableText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code === 0) return false;
    if (code < 0xd800 || code > 0xdfff) continue;
    // A high surrogate must be followed by a low one; a low one is only valid as the second of a pair.
    const next = value.charCodeAt(i + 1);
    if (code > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return false;
    i++;
  }
  return true;
}

/**
 * Where a decoded JSON value holds text PostgreSQL cannot store: the dotted path of the first such
 * string or key (`(root)` for the value itself), or null when it has none. Walks with a stack of its
 * own, not by recursion: a request nested ten thousand deep must be answered, not overflow the stack.
 */
export function findUnstorableText(value: unknown): string | null {
  const pending: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: current, path } = next;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return path || '(root)';
    } else if (typeof current === 'object' && current !== null) {
      const entries = Array.isArray(current)
        ? current.map((item, index) => [String(index), item] as const)
        : Object.entries(current);
      // Pushed in reverse, so the first bad field in reading order is the one named.
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index] ?? ['', undefined];
        const at = path ? `${path}.${key}` : key;
        if (!isStorableText(key)) return at;
        pending.push({ value: item, path: at });
      }
    }
  }
  return null;
}

/** Free text as every schema of the product takes it: a string PostgreSQL can store. */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isStorableText, { error: UNSTORABLE_TEXT_MESSAGE });

/**
 * Unicode's explicit text-direction controls: the embeddings and overrides (U+202A to U+202E), the
 * isolates (U+2066 to U+2069) and the marks (LRM U+200E, RLM U+200F, ALM U+061C). Invisible, they
 * reorder what follows them: `invoice\u202Efdp.exe` displays as `invoiceexe.pdf`, a program passing
 * for a PDF.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** The text without its direction controls (see BIDI_CONTROLS): it displays in the order it is stored. */
export const withoutBidiControls = (value: string): string => value.replace(BIDI_CONTROLS, '');

/**
 * A value meant to be one line, made one: every run of control characters (line breaks included) and
 * of Unicode line or paragraph separators becomes one space. For text written into a line-based format
 * (a plain-text mail) from rows stored before the schemas refused such characters: a name must not
 * start a line of its own that passes for ours.
 */
export const asOneLine = (value: string): string => value.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ');
