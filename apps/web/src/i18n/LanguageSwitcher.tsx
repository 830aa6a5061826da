// The fr/en/de switcher shown in the header of every page.
import { LOCALES } from '@lablive/domain';
import { useTranslation } from 'react-i18next';
import { changeLocale } from './i18n.ts';
import { LANGUAGE_NAMES } from './locale.ts';
import { useLocale } from './useLocale.ts';

export function LanguageSwitcher() {
  const { t } = useTranslation();
  const current = useLocale();
  return (
    <fieldset className="language-switcher" data-testid="language-switcher">
      <legend className="visually-hidden">{t('language.label')}</legend>
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          className="language-button"
          // The name starts with the visible code, so voice control finds "FR" (WCAG 2.5.3), then says it.
          aria-label={`${locale.toUpperCase()} – ${LANGUAGE_NAMES[locale]}`}
          aria-pressed={current === locale}
          data-testid={`lang-${locale}`}
          onClick={() => void changeLocale(locale)}
        >
          {locale.toUpperCase()}
        </button>
      ))}
    </fieldset>
  );
}
