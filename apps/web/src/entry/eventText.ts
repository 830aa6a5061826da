// How the event card shows the event's rich-text description and its planned start: paragraphs of
// plain text (never the back office's HTML, which could carry scripts), and a date and time in the
// reader's language and time zone.
const BLOCK_BREAK = /<\/(?:p|div|h[1-6]|li|blockquote|tr)\s*>|<br\s*\/?>/gi;
const TAG = /<[^>]*>/g;
/** Code is not text: a script's or a style's content is dropped with its tags. */
const CODE_BLOCK = /<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body.startsWith('#')) {
      const code =
        body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

/** The description as paragraphs of plain text; blank lines and empty blocks are dropped. */
export function richTextParagraphs(richText: string): string[] {
  return decodeEntities(richText.replace(CODE_BLOCK, '').replace(BLOCK_BREAK, '\n').replace(TAG, ''))
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');
}
