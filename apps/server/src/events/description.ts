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

/**
 * The description as plain text, for a calendar entry: paragraphs, line breaks and list items become
 * lines, every tag goes, entities are decoded.
 */
export function descriptionText(markup: string): string {
  const lines = markup.replace(/<br\s*\/?>|<\/(p|li)>/gi, '\n');
  const text = sanitizeHtml(lines, { allowedTags: [], allowedAttributes: {}, disallowedTagsMode: 'discard' });
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((line) => line.trim())
    .filter((line, index, all) => line !== '' || (index > 0 && all[index - 1] !== ''))
    .join('\n')
    .trim();
}
