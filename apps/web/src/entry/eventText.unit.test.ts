// The event card's text: a rich-text description shown as plain paragraphs (markup never reaches the
// page). Its planned start is written by format/dayTime.ts (tested there).
import { describe, expect, it } from 'vitest';
import { richTextParagraphs } from './eventText.ts';

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
