// The pharmacovigilance area's header (back-office spec 2.9): the title and its two tabs, E-mails (who
// receives the reports) and Reports, each a page of its own.
import { ADMIN_ROUTES } from '@lablive/domain';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';

export function PharmacovigilanceTabs() {
  const { t } = useTranslation('admin');
  return (
    <header className="admin-page-header">
      <h1 id="pharmacovigilance-title">{t('pharmacovigilance.title')}</h1>
      <nav className="admin-tabs" aria-label={t('pharmacovigilance.tabs')}>
        <NavLink to={ADMIN_ROUTES.pharmacovigilance.path} className="admin-tab" end data-testid="tab-emails">
          {t('pharmacovigilance.emailsTab')}
        </NavLink>
        <NavLink to={ADMIN_ROUTES.pharmaReports.path} className="admin-tab" end data-testid="tab-reports">
          {t('pharmacovigilance.reportsTab')}
        </NavLink>
      </nav>
    </header>
  );
}
