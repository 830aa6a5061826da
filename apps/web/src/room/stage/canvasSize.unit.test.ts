import { describe, expect, it } from 'vitest';
import { canvasStyle } from './canvasSize.ts';

describe("the stage's size for a game", () => {
  it('keeps a game at its proportions, no wider than it was made for', () => {
    expect(canvasStyle({ canvas_width: 960, canvas_height: 600, full_canvas: false })).toMatchObject({
      aspectRatio: '960 / 600',
      maxWidth: '960px',
    });
  });

  it('lets a full-canvas game fill the stage', () => {
    expect(canvasStyle({ canvas_width: 960, canvas_height: 600, full_canvas: true })).toEqual({
      width: '100%',
      height: '100%',
    });
  });
});
