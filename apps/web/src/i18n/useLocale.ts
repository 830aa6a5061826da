// The language the interface is shown in, as one of our locales (sent to the API with sign-in and
// password-reset requests so that mails come back in the same language).
import type { Locale } from '@lablive/domain';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LOCALE, toLocale } from './locale.ts';

export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return toLocale(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LOCALE;
}
