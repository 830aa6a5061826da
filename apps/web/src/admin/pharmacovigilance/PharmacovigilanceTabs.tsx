// The pharmacovigilance area's header (back-office spec 2.9): the title and its two tabs, E-mails (who
// receives the reports) and Reports, each a page of its own.
import { ADMIN_ROUTES } from '@lablive/domain';
import { useTranslation } from 'react-i18next';
import { AdminTabsHeader } from '../AdminPage.tsx';

export function PharmacovigilanceTabs() {
  const { t } = useTranslation('admin');
  return (
    <AdminTabsHeader
      titleId="pharmacovigilance-title"
      title={t('pharmacovigilance.title')}
      label={t('pharmacovigilance.tabs')}
      tabs={[
        {
          to: ADMIN_ROUTES.pharmacovigilance.path,
          label: t('pharmacovigilance.emailsTab'),
          testId: 'tab-emails',
        },
        {
          to: ADMIN_ROUTES.pharmaReports.path,
          label: t('pharmacovigilance.reportsTab'),
          testId: 'tab-reports',
        },
      ]}
    />
  );
}
