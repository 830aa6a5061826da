// The shell around every route: theme, header, first-load parameters, and a spinner until the stored
// session has been checked (or an invitation sign-in has finished).
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { useAuthStatus } from '../auth/useAuth.ts';
import { PageSpinner } from '../components/PageSpinner.tsx';
import { useEntryParams } from '../entry/useEntryParams.ts';
import { ThemeController } from '../theme/ThemeController.tsx';
import { SiteHeader } from './SiteHeader.tsx';

export function RootLayout() {
  const { t } = useTranslation();
  const checking = useAuthStatus() === 'checking';
  const signingInWithInvitation = useEntryParams();
  return (
    <>
      <ThemeController />
      <a className="skip-link" href="#main">
        {t('app.skipToContent')}
      </a>
      <SiteHeader />
      <main id="main" className="site-main" tabIndex={-1}>
        {checking || signingInWithInvitation ? (
          <PageSpinner />
        ) : (
          // A page whose code loads when visited shows the spinner until it arrives.
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        )}
      </main>
    </>
  );
}
