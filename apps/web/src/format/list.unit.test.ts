// Lists of words in the reader's language (the labs list's modules).
import { describe, expect, it } from 'vitest';
import { formatList } from './list.ts';

describe('lists', () => {
  it('joins words with the reader language conjunction', () => {
    expect(formatList(['Polls', 'Statistics', 'Camera'], 'en')).toBe('Polls, Statistics and Camera');
    expect(formatList(['Sondages', 'Caméra'], 'fr')).toBe('Sondages et Caméra');
    expect(formatList(['Umfragen'], 'de')).toBe('Umfragen');
  });
});
