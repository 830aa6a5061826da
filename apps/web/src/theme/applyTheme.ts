// Writes the theme's colours as the CSS variables the stylesheet uses, on the document root: the lab's
// colours made readable by the domain (readableTheme: every text at 4.5:1 on what it stands on,
// whatever colours the lab chose), with the lab's primary kept as it is for what is not text.
import { readableTheme } from '@lablive/domain';
import type { AppliedTheme } from './appliedTheme.ts';

export function themeVariables(theme: AppliedTheme): Record<string, string> {
  const readable = readableTheme(theme);
  return {
    '--lab-primary': theme.primaryColor,
    '--lab-background': readable.background,
    '--lab-third': readable.third,
    '--lab-primary-fill': readable.primaryFill,
    '--on-lab-primary': readable.onPrimary,
    '--lab-primary-text': readable.primaryText,
  };
}

export function applyThemeToDocument(
  theme: AppliedTheme,
  root: HTMLElement = document.documentElement,
): void {
  for (const [name, value] of Object.entries(themeVariables(theme))) root.style.setProperty(name, value);
}
