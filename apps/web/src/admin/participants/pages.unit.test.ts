import { describe, expect, it } from 'vitest';
import { pageCount, pageOf } from './pages.ts';

describe('the guest list pages', () => {
  const rows = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'];

  it('shows four rows per page', () => {
    expect(pageCount(rows.length)).toBe(3);
    expect(pageOf(rows, 1)).toEqual({ page: 1, rows: ['a', 'b', 'c', 'd'] });
    expect(pageOf(rows, 3)).toEqual({ page: 3, rows: ['i'] });
  });

  it('falls back to the last page when the page shown no longer exists', () => {
    expect(pageOf(rows.slice(0, 8), 3)).toEqual({ page: 2, rows: ['e', 'f', 'g', 'h'] });
  });

  it('has one empty page for an empty list', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageOf([], 1)).toEqual({ page: 1, rows: [] });
  });
});
