// The header of every page: the lab's logo (or the product name) linking home, and the language switcher.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LanguageSwitcher } from '../i18n/LanguageSwitcher.tsx';
import { useTheme } from '../theme/useTheme.ts';

export function SiteHeader() {
  const { t } = useTranslation();
  const theme = useTheme();
  return (
    <header className="site-header lab-bar">
      <Link to="/" className="brand" aria-label={t('app.homeLink')}>
        {theme.logoUrl !== null && (
          <img
            className="brand-logo"
            src={theme.logoUrl}
            alt={t('common.logoAlt', { name: theme.labName ?? t('app.name') })}
          />
        )}
        <span className="brand-name">{t('app.name')}</span>
      </Link>
      <LanguageSwitcher />
    </header>
  );
}
