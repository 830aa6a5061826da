// The back office's texts (the `admin` namespace) come with its chunk: the pages guests see never
// download them. Registered once, when the back office's code loads, before any of its pages renders.
import i18next from 'i18next';
import { adminDe } from '../i18n/resources/admin/de.ts';
import { adminEn } from '../i18n/resources/admin/en.ts';
import { adminFr } from '../i18n/resources/admin/fr.ts';

export function registerAdminTexts(): void {
  for (const [language, texts] of [
    ['fr', adminFr],
    ['en', adminEn],
    ['de', adminDe],
  ] as const) {
    if (!i18next.hasResourceBundle(language, 'admin')) i18next.addResourceBundle(language, 'admin', texts);
  }
}
