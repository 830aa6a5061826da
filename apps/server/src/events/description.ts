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
