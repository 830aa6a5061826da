// The tile column's scroll buttons and the initials shown while a camera is off.
import { describe, expect, it } from 'vitest';
import { initials, scrollRoom, TILE_SCROLL_STEP } from './tileLayout.ts';

describe('video tiles', () => {
  it('scrolls in steps of 150 px, offering only the directions it can go', () => {
    expect(TILE_SCROLL_STEP).toBe(150);
    expect(scrollRoom({ scrollTop: 0, scrollHeight: 900, clientHeight: 400 })).toEqual({
      up: false,
      down: true,
    });
    expect(scrollRoom({ scrollTop: 300, scrollHeight: 900, clientHeight: 400 })).toEqual({
      up: true,
      down: true,
    });
    expect(scrollRoom({ scrollTop: 500, scrollHeight: 900, clientHeight: 400 })).toEqual({
      up: true,
      down: false,
    });
    expect(scrollRoom({ scrollTop: 0, scrollHeight: 400, clientHeight: 400 })).toEqual({
      up: false,
      down: false,
    });
  });

  it('shows the first and last initials of a name', () => {
    expect(initials('Anatole Animateur')).toBe('AA');
    expect(initials('marie  salomea skłodowska curie')).toBe('MC');
    expect(initials('Ulla')).toBe('U');
    expect(initials('  ')).toBe('?');
  });
});
