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
          aria-label={LANGUAGE_NAMES[locale]}
          aria-pressed={current === locale}
          data-testid={`lang-${locale}`}
          onClick={() => changeLocale(locale)}
        >
          {locale.toUpperCase()}
        </button>
      ))}
    </fieldset>
  );
}
