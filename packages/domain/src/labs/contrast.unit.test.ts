import { describe, expect, it } from 'vitest';
import {
  AA_TEXT_CONTRAST,
  contrastRatio,
  filledColors,
  MUTED_TEXT,
  readableShade,
  readableTheme,
} from './contrast.ts';

/** Colours all around the wheel, from dark to light, the way labs pick brand colours. */
function sampleColours(): string[] {
  const colours: string[] = [];
  for (let hue = 0; hue < 360; hue += 15) {
    for (const lightness of [0.15, 0.3, 0.45, 0.55, 0.65, 0.8, 0.92]) {
      for (const saturation of [0.3, 0.7, 1]) {
        const c = (1 - Math.abs(2 * lightness - 1)) * saturation;
        const x = c * (1 - Math.abs(((hue / 60) % 2) - 1));
        const m = lightness - c / 2;
        const [r, g, b] =
          hue < 60
            ? [c, x, 0]
            : hue < 120
              ? [x, c, 0]
              : hue < 180
                ? [0, c, x]
                : hue < 240
                  ? [0, x, c]
                  : hue < 300
                    ? [x, 0, c]
                    : [c, 0, x];
        colours.push(
          `#${[r, g, b]
            .map((v) =>
              Math.round((v + m) * 255)
                .toString(16)
                .padStart(2, '0'),
            )
            .join('')}`,
        );
      }
    }
  }
  return [...colours, '#000000', '#ffffff', '#3571ff', '#ffff00', '#777777'];
}

describe('contrast of the lab colours', () => {
  it('measures the spec default: white on #3571ff is 4.24:1, below AA', () => {
    expect(contrastRatio('#ffffff', '#3571ff')).toBeCloseTo(4.24, 2);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });

  it('gives every filled surface a foreground that reads at 4.5:1, for any lab colour', () => {
    for (const colour of sampleColours()) {
      const { background, foreground } = filledColors(colour);
      expect(contrastRatio(background, foreground), colour).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    }
  });

  it('keeps the lab colour when it already reads, and darkens the default just enough', () => {
    expect(filledColors('#191e4d')).toEqual({ background: '#191e4d', foreground: '#ffffff' });
    const { background } = filledColors('#3571ff');
    expect(background).not.toBe('#3571ff');
    expect(contrastRatio(background, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(background, '#ffffff')).toBeLessThan(5);
    // A light colour keeps its look with dark text on it.
    expect(filledColors('#ffe066').background).toBe('#ffe066');
  });

  it('finds a readable shade of a colour for text on any page background', () => {
    for (const background of ['#ffffff', '#f8f9fe', '#191e4d', '#000000', '#fff3c4']) {
      for (const colour of sampleColours()) {
        const shade = readableShade(colour, background);
        expect(contrastRatio(shade, background), `${colour} on ${background}`).toBeGreaterThanOrEqual(
          AA_TEXT_CONTRAST,
        );
      }
    }
  });
});

describe('a whole theme from any three lab colours', () => {
  it('gives every text a ground it reads on', () => {
    const colours = sampleColours().filter((_, index) => index % 7 === 0);
    for (const primaryColor of colours) {
      for (const backgroundColor of ['#ffffff', '#f8f9fe', '#000000', '#3571ff', '#fff3c4', '#222222']) {
        for (const thirdColor of ['#191e4d', '#ffffff', '#ffe066', '#777777', '#000000']) {
          const theme = readableTheme({ primaryColor, backgroundColor, thirdColor });
          const label = `${primaryColor} / ${backgroundColor} / ${thirdColor}`;
          const pairs: [string, string][] = [
            [theme.third, '#ffffff'],
            [theme.third, theme.background],
            [MUTED_TEXT, theme.background],
            [theme.onPrimary, theme.primaryFill],
            [theme.primaryText, '#ffffff'],
            [theme.primaryText, theme.background],
          ];
          for (const [text, ground] of pairs) {
            expect(contrastRatio(text, ground), `${label}: ${text} on ${ground}`).toBeGreaterThanOrEqual(4.5);
          }
        }
      }
    }
  });

  it("keeps the spec's default look", () => {
    expect(
      readableTheme({ primaryColor: '#3571ff', backgroundColor: '#f8f9fe', thirdColor: '#191e4d' }),
    ).toEqual({
      third: '#191e4d',
      background: '#f8f9fe',
      primaryFill: '#336cf5',
      onPrimary: '#ffffff',
      primaryText: '#3169ee',
    });
  });
});
