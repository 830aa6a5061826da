// The users area's header (back-office spec 2.8): its title and its two tabs, 'Users Management'
// (/admin/users/list) and 'Group Management' (/admin/users/groups), each a page of its own. A tab whose
// page this build does not have yet is left out rather than shown as a link to nothing.
import { ADMIN_ROUTES } from '@lablive/domain';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { BUILT_ADMIN_PAGES } from '../adminPages.ts';

const built = new Set<string>(BUILT_ADMIN_PAGES);

export function UserManagementTabs({ titleId }: { titleId: string }) {
  const { t } = useTranslation('admin');
  return (
    <header className="admin-page-header">
      <h1 id={titleId}>{t('usersArea.title')}</h1>
      <nav className="admin-tabs" aria-label={t('usersArea.tabs')}>
        {built.has('users') && (
          <NavLink to={ADMIN_ROUTES.users.path} className="admin-tab" end data-testid="tab-users">
            {t('usersArea.usersTab')}
          </NavLink>
        )}
        <NavLink to={ADMIN_ROUTES.groups.path} className="admin-tab" end data-testid="tab-groups">
          {t('usersArea.groupsTab')}
        </NavLink>
      </nav>
    </header>
  );
}
