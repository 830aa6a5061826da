// The description as the editor writes it (Tiptap: paragraphs, bold, lists whose items hold paragraphs),
// cut down for the pages and written out as plain text for a mail's text part and a calendar entry.
import { describe, expect, it } from 'vitest';
import { descriptionText, sanitizeDescription } from './description.ts';

const EDITOR_MARKUP =
  '<p>Agenda for <strong>Tuesday</strong> &amp; after:</p>' +
  '<ul><li><p>Dosage &lt; 5 mg</p></li><li><p>Side <em>effects</em></p></li></ul>' +
  '<p>Bring your badge.<br>Coffee at 9.</p><ol><li><p>First</p></li><li><p>Second</p></li></ol>';

describe('an event description', () => {
  it('keeps bold, emphasis and lists, and drops scripts and handlers', () => {
    const clean = sanitizeDescription(
      '<p onclick="x()">Hi <strong>all</strong><script>alert(1)</script></p><ul><li>One</li></ul>',
    );
    expect(clean).toBe('<p>Hi <strong>all</strong></p><ul><li>One</li></ul>');
  });

  it('reads as plain text: paragraphs apart, each list item a "- " line, no tag, entities decoded', () => {
    expect(descriptionText(EDITOR_MARKUP)).toBe(
      [
        'Agenda for Tuesday & after:',
        '',
        '- Dosage < 5 mg',
        '- Side effects',
        '',
        'Bring your badge.',
        'Coffee at 9.',
        '',
        '- First',
        '- Second',
      ].join('\n'),
    );
  });

  it('gives nothing for an empty description, and a single paragraph as it is', () => {
    expect(descriptionText('')).toBe('');
    expect(descriptionText('<p></p>')).toBe('');
    expect(descriptionText('<p>Just this.</p>')).toBe('Just this.');
  });
});
