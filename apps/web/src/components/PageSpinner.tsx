// The whole-page loading state (checking the stored session, signing in from an invitation).
import { useTranslation } from 'react-i18next';
import { Spinner } from './Spinner.tsx';

export function PageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="page-spinner" role="status" data-testid="page-loading">
      <Spinner size="large" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
