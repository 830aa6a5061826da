// An event's description is rich text written in the back office and shown on the event's pages: the
// markup is cut down here to the few tags the editor makes, so no script, handler or style survives.
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a'],
  allowedAttributes: { a: ['href', 'target', 'rel'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  // A link opens outside the product and tells the target nothing about the page it came from.
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
  },
  disallowedTagsMode: 'discard',
};

export function sanitizeDescription(markup: string): string {
  return sanitizeHtml(markup, OPTIONS).trim();
}

/** Where the markup's blocks end: a paragraph leaves a blank line, a list item starts a "- " line. */
const BLOCK_BREAKS: [RegExp, string][] = [
  [/<\/p>/gi, '\n\n'],
  [/<br\s*\/?>/gi, '\n'],
  [/<li[^>]*>/gi, '\n- '],
  [/<\/?(ul|ol|li)[^>]*>/gi, '\n'],
];

const ENTITIES: [RegExp, string][] = [
  [/&nbsp;/g, ' '],
  [/&lt;/g, '<'],
  [/&gt;/g, '>'],
  [/&quot;/g, '"'],
  [/&#39;/g, "'"],
  [/&amp;/g, '&'],
];

const isItem = (line: string | undefined) => line?.startsWith('- ') === true;

/**
 * The description as plain text, for a mail's text part and a calendar entry (which show no markup):
 * paragraphs apart by one blank line, each list item a "- " line with no blank line inside a list, line
 * breaks kept, every tag gone, entities decoded.
 */
export function descriptionText(markup: string): string {
  const broken = BLOCK_BREAKS.reduce((text, [pattern, by]) => text.replace(pattern, by), markup);
  const bare = sanitizeHtml(broken, {
    allowedTags: [],
    allowedAttributes: {},
    disallowedTagsMode: 'discard',
  });
  const lines = ENTITIES.reduce((text, [pattern, by]) => text.replace(pattern, by), bare)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .filter((line) => line !== '-');
  const kept: string[] = [];
  for (const [index, line] of lines.entries()) {
    if (line !== '') {
      kept.push(line);
      continue;
    }
    const previous = kept.at(-1);
    const next = lines.slice(index + 1).find((later) => later !== '');
    // One blank line between blocks, none at the ends, none between two items of a list.
    if (previous === undefined || previous === '' || next === undefined) continue;
    if (!(isItem(previous) && isItem(next))) kept.push('');
  }
  return kept.join('\n');
}

/** The description as a mail carries it: safe markup for the HTML part, plain text for the text part. */
export function mailDescription(markup: string): { html: string; text: string } {
  return { html: sanitizeDescription(markup), text: descriptionText(markup) };
}
