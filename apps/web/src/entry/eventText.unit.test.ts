// The event card's text: a rich-text description shown as plain paragraphs (markup never reaches the
// page), and the planned start in the reader's language.
import { describe, expect, it } from 'vitest';
import { formatEventDate, richTextParagraphs } from './eventText.ts';

describe('event description', () => {
  it('keeps plain text as it is', () => {
    expect(richTextParagraphs('A live room to try LabLive.')).toEqual(['A live room to try LabLive.']);
  });

  it('turns blocks and line breaks into paragraphs and drops the markup', () => {
    const html =
      '<h2>Agenda</h2><p>Welcome &amp; <strong>introduction</strong><br>Q&#38;A</p><p> </p><ul><li>Poll</li></ul>';

    expect(richTextParagraphs(html)).toEqual(['Agenda', 'Welcome & introduction', 'Q&A', 'Poll']);
  });

  it('never lets a script through as markup', () => {
    expect(richTextParagraphs('<script>alert(1)</script><p>Hi &lt;b&gt;</p>')).toEqual(['Hi <b>']);
  });
});

describe('planned start', () => {
  const start = '2026-11-21T08:00:00.000Z';

  it('is written in the reader language and time zone', () => {
    expect(formatEventDate(start, 'en', 'Europe/Paris')).toBe('Saturday, November 21, 2026 at 9:00 AM');
    expect(formatEventDate(start, 'fr', 'Europe/Paris')).toBe('samedi 21 novembre 2026 à 09:00');
    expect(formatEventDate(start, 'de', 'Europe/Berlin')).toBe('Samstag, 21. November 2026 um 09:00');
  });

  it('is null for a date that does not parse', () => {
    expect(formatEventDate('soon', 'en')).toBeNull();
  });
});
