// French is written with a no-break space before : ; ! ? and inside « », and with ’ for its elisions
// ("qu’animateur"): a plain space lets the line break before the colon, none reads as English. Every
// French text of the app is checked, the back office's too.
import { describe, expect, it } from 'vitest';
import { adminFr } from './resources/admin/fr.ts';
import { texts } from './resources/bundles/fr.ts';

/** Every text of a resource tree with its key: "admin.form.saved". */
function entries(tree: unknown, path: string): [string, string][] {
  if (typeof tree === 'string') return [[path, tree]];
  if (tree === null || typeof tree !== 'object') return [];
  return Object.entries(tree).flatMap(([key, value]) => entries(value, `${path}.${key}`));
}

const FRENCH = [...entries(texts, 'fr'), ...entries(adminFr, 'admin')];
const NO_BREAK = '[\\u00a0\\u202f]';

/** The texts that break a rule, with the rule, so a failure names what to fix. */
function breaking(rule: RegExp): string[] {
  return FRENCH.filter(([, text]) => rule.test(text)).map(([key, text]) => `${key}: ${text}`);
}

describe('French typography in every French text', () => {
  it('puts a no-break space before : ; ! ? (not a plain space, not none)', () => {
    // A sign ending a word or a sentence: "https://" and "09:05" are not.
    expect(breaking(/(^|[^\u00a0\u202f])[:;!?](\s|$|["’)])/u)).toEqual([]);
  });

  it('puts a no-break space inside « »', () => {
    expect(breaking(new RegExp(`«(?!${NO_BREAK})|(?<!${NO_BREAK})»`, 'u'))).toEqual([]);
  });

  it('writes elisions with ’, not a typewriter apostrophe', () => {
    expect(breaking(/\p{L}'\p{L}/u)).toEqual([]);
  });
});
