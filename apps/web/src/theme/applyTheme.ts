// Writes the theme's colours as the CSS variables the stylesheet uses, on the document root, with the
// readable variants the domain derives from them (filled surfaces and links meet WCAG AA on any colour).
import { filledColors, readableShade } from '@lablive/domain';
import type { AppliedTheme } from './appliedTheme.ts';

export function applyThemeToDocument(
  theme: AppliedTheme,
  root: HTMLElement = document.documentElement,
): void {
  root.style.setProperty('--lab-primary', theme.primaryColor);
  root.style.setProperty('--lab-background', theme.backgroundColor);
  root.style.setProperty('--lab-third', theme.thirdColor);
  const filled = filledColors(theme.primaryColor);
  root.style.setProperty('--lab-primary-fill', filled.background);
  root.style.setProperty('--on-lab-primary', filled.foreground);
  // Cards and forms are white; the page background may be darker: the link colour reads on both.
  const onSurface = readableShade(theme.primaryColor, '#ffffff');
  root.style.setProperty('--lab-primary-text', readableShade(onSurface, theme.backgroundColor));
}
