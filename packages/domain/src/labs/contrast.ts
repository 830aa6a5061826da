// Readable colours from any lab's colours (WCAG 2.1 AA: 4.5:1 for text). A lab picks its primary colour
// for its brand, not for contrast: white on the spec's own default #3571ff is only 4.23:1. The themed
// surfaces take their foreground from here: the lab's colour when it is readable, else a darker (or
// lighter) shade of it, or dark text on it.

export const AA_TEXT_CONTRAST = 4.5;

const WHITE = '#ffffff';
/** The dark text put on light lab colours. */
export const DARK_TEXT = '#111827';

type Rgb = [number, number, number];

function toRgb(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance (WCAG 2.1 definition). */
export function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

function mix(hex: string, toward: string, amount: number): string {
  const from = toRgb(hex);
  const to = toRgb(toward);
  return toHex(from.map((channel, i) => channel + ((to[i] ?? 0) - channel) * amount) as Rgb);
}

/**
 * `color` itself when it reads at `minRatio` on `against`; otherwise the closest shade of it that does,
 * moved away from `against` (lighter when it is the lighter of the two, darker otherwise), or the other
 * way when that way cannot get there.
 */
export function readableShade(color: string, against: string, minRatio = AA_TEXT_CONTRAST): string {
  if (contrastRatio(color, against) >= minRatio) return color;
  const away = luminance(color) >= luminance(against) ? WHITE : '#000000';
  const other = away === WHITE ? '#000000' : WHITE;
  for (const toward of [away, other]) {
    for (let step = 1; step <= 100; step++) {
      const shade = mix(color, toward, step / 100);
      if (contrastRatio(shade, against) >= minRatio) return shade;
    }
  }
  return contrastRatio(WHITE, against) >= contrastRatio('#000000', against) ? WHITE : '#000000';
}

/** A filled surface in the lab's colour (a primary button, a badge) and the text on it. */
export type FilledColors = { background: string; foreground: string };

/** White on the lab's colour when it reads; dark text on a light colour; else white on a darker shade. */
export function filledColors(color: string): FilledColors {
  if (contrastRatio(color, WHITE) >= AA_TEXT_CONTRAST) return { background: color, foreground: WHITE };
  if (contrastRatio(color, DARK_TEXT) >= AA_TEXT_CONTRAST && contrastRatio(color, WHITE) < 3) {
    return { background: color, foreground: DARK_TEXT };
  }
  return { background: readableShade(color, WHITE), foreground: WHITE };
}

/** The muted text of the product (hints, dates), on white and on the page. */
export const MUTED_TEXT = '#5b6079';

/** The colours a page wears for a lab: each text reads on what it stands on (WCAG AA, 4.5:1). */
export type ReadableTheme = {
  /** Dark text, headers and secondary buttons' ink: reads on white and on the page background, and white reads on it. */
  third: string;
  /** The page background: the lab's, lightened if the text could not read on it. */
  background: string;
  /** Filled surfaces (primary buttons, badges) and their text. */
  primaryFill: string;
  onPrimary: string;
  /** Links and accented text, on white cards and on the page. */
  primaryText: string;
};

function lightestNeeded(background: string, texts: readonly string[]): string {
  for (let step = 0; step <= 100; step++) {
    const shade = mix(background, WHITE, step / 100);
    if (texts.every((text) => contrastRatio(text, shade) >= AA_TEXT_CONTRAST)) return shade;
  }
  return WHITE;
}

export function readableTheme(theme: {
  primaryColor: string;
  backgroundColor: string;
  thirdColor: string;
}): ReadableTheme {
  const third = readableShade(theme.thirdColor, WHITE);
  // The page holds dark text: its background lightens (towards white, where both read) until they do.
  const background = lightestNeeded(theme.backgroundColor, [third, MUTED_TEXT]);
  const filled = filledColors(theme.primaryColor);
  return {
    third,
    background,
    primaryFill: filled.background,
    onPrimary: filled.foreground,
    primaryText: readableShade(readableShade(theme.primaryColor, WHITE), background),
  };
}
