// Writes the theme's colours as the CSS variables the stylesheet uses, on the document root.
import type { AppliedTheme } from './appliedTheme.ts';

export function applyThemeToDocument(
  theme: AppliedTheme,
  root: HTMLElement = document.documentElement,
): void {
  root.style.setProperty('--lab-primary', theme.primaryColor);
  root.style.setProperty('--lab-background', theme.backgroundColor);
  root.style.setProperty('--lab-third', theme.thirdColor);
}
