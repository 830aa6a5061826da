// The back office's page guard, from the domain's one route table (adminRoutes.ts): a page of a module
// the lab lacks sends the user to their back-office home, a missing permission says "Not enough
// permissions".
// The server refuses the same calls; this only spares people a page they could not use.
import { type AdminRouteName, adminRouteVerdict, principalOf } from '@lablive/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { homeFor, useCurrentUser } from '../auth/useAuth.ts';

export function AdminRoute({ name, children }: { name: AdminRouteName; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const user = useCurrentUser();
  // The shell (AdminLayout) already sent signed-out visitors and guests away.
  if (user === null) return null;
  const verdict = adminRouteVerdict(principalOf(user), name);
  if (verdict === 'redirect_home') return <Navigate to={homeFor(user)} replace />;
  if (verdict === 'not_enough_permissions') {
    return (
      <section className="admin-page" aria-labelledby="no-permission">
        <h1 id="no-permission" data-testid="not-enough-permissions">
          {t('notEnoughPermissions')}
        </h1>
        <p className="muted">{t('notEnoughPermissionsHint')}</p>
      </section>
    );
  }
  return children;
}

/** /admin: the first page the signed-in user may open (the shell already sent everyone else away). */
export function AdminHome() {
  const user = useCurrentUser();
  return user === null ? null : <Navigate to={homeFor(user)} replace />;
}
