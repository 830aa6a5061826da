// Which language the app starts in: the one the visitor chose before (localStorage), else the
// browser's language when it is one we speak, else French.
import { type Locale, localeSchema } from '@lablive/domain';

export const LOCALE_STORAGE_KEY = 'lablive.locale';
export const DEFAULT_LOCALE: Locale = 'fr';

export const LANGUAGE_NAMES: Record<Locale, string> = { fr: 'Français', en: 'English', de: 'Deutsch' };

/** `de-CH` → `de`; null when the language is not one of ours. */
export function toLocale(language: string | null | undefined): Locale | null {
  const primary = language?.trim().toLowerCase().split(/[-_]/)[0];
  const parsed = localeSchema.safeParse(primary);
  return parsed.success ? parsed.data : null;
}

export function pickInitialLocale(stored: string | null, browserLanguage: string | undefined): Locale {
  const chosen = localeSchema.safeParse(stored);
  if (chosen.success) return chosen.data;
  return toLocale(browserLanguage) ?? DEFAULT_LOCALE;
}
