// The chat composer's rules and the emoji picker's list: Enter sends, Shift+Enter and input methods
// type; blank messages are never sent; emoji land at the caret; the grid is made of single emoji.
import { ROOM_COMMAND_LIMITS } from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import { insertAt, keyAction, outgoing } from './chatPolicy.ts';
import { EMOJI_COLUMNS, EMOJIS, moveInGrid } from './emojis.ts';

describe('the composer keys', () => {
  it('sends on Enter, types a new line on Shift+Enter, and leaves Enter to an input method', () => {
    expect(keyAction({ key: 'Enter', shiftKey: false, isComposing: false })).toBe('send');
    expect(keyAction({ key: 'Enter', shiftKey: true, isComposing: false })).toBe('type');
    expect(keyAction({ key: 'Enter', shiftKey: false, isComposing: true })).toBe('type');
    expect(keyAction({ key: 'a', shiftKey: false, isComposing: false })).toBe('type');
  });
});

describe('what is sent', () => {
  it('sends nothing for an empty or whitespace-only message', () => {
    expect(outgoing('')).toEqual({ kind: 'blank' });
    expect(outgoing(' \n\t \u00a0')).toEqual({ kind: 'blank' });
  });

  it('sends the trimmed text, keeping inner lines', () => {
    expect(outgoing('  Hello\nworld 👋 \n')).toEqual({ kind: 'send', text: 'Hello\nworld 👋' });
  });

  it('refuses a message above the room limit', () => {
    expect(outgoing('a'.repeat(ROOM_COMMAND_LIMITS.chatText + 1))).toEqual({
      kind: 'tooLong',
      max: ROOM_COMMAND_LIMITS.chatText,
    });
    expect(outgoing('a'.repeat(ROOM_COMMAND_LIMITS.chatText)).kind).toBe('send');
  });
});

describe('inserting an emoji', () => {
  it('replaces the selection and puts the caret after the emoji', () => {
    expect(insertAt('Hello world', { start: 6, end: 11 }, '🌍')).toEqual({ text: 'Hello 🌍', caret: 8 });
    expect(insertAt('Hi', { start: 2, end: 2 }, ' 👋')).toEqual({ text: 'Hi 👋', caret: 5 });
  });

  it('clamps a selection outside the text', () => {
    expect(insertAt('ab', { start: 9, end: 3 }, '!')).toEqual({ text: 'ab!', caret: 3 });
  });
});

describe('the emoji list', () => {
  const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

  it('holds single, distinct pictographic emoji filling whole rows', () => {
    expect(EMOJIS.length).toBeGreaterThanOrEqual(40);
    expect(EMOJIS.length % EMOJI_COLUMNS).toBe(0);
    expect(new Set(EMOJIS).size).toBe(EMOJIS.length);
    for (const emoji of EMOJIS) {
      expect([...segmenter.segment(emoji)], emoji).toHaveLength(1);
      expect(emoji, emoji).toMatch(/\p{Extended_Pictographic}/u);
    }
  });

  it('moves through the grid with the arrow keys, staying inside it', () => {
    const count = EMOJIS.length;
    expect(moveInGrid(0, 'ArrowRight', count, EMOJI_COLUMNS)).toBe(1);
    expect(moveInGrid(0, 'ArrowLeft', count, EMOJI_COLUMNS)).toBe(0);
    expect(moveInGrid(3, 'ArrowDown', count, EMOJI_COLUMNS)).toBe(3 + EMOJI_COLUMNS);
    expect(moveInGrid(3, 'ArrowUp', count, EMOJI_COLUMNS)).toBe(3);
    expect(moveInGrid(count - 2, 'ArrowDown', count, EMOJI_COLUMNS)).toBe(count - 2);
    expect(moveInGrid(count - 1, 'ArrowRight', count, EMOJI_COLUMNS)).toBe(count - 1);
    expect(moveInGrid(5, 'End', count, EMOJI_COLUMNS)).toBe(count - 1);
    expect(moveInGrid(5, 'Home', count, EMOJI_COLUMNS)).toBe(0);
    expect(moveInGrid(5, 'Enter', count, EMOJI_COLUMNS)).toBeNull();
  });
});
