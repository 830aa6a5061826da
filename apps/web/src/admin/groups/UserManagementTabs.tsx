// The users area's header (back-office spec 2.8): its title and its two tabs, 'Users Management'
// (/admin/users/list) and 'Group Management' (/admin/users/groups), each a page of its own. A tab whose
// page this build does not have yet is left out rather than shown as a link to nothing.
import { ADMIN_ROUTES } from '@lablive/domain';
import { useTranslation } from 'react-i18next';
import { AdminTabsHeader } from '../AdminPage.tsx';
import { BUILT_ADMIN_PAGES } from '../adminPages.ts';

const built = new Set<string>(BUILT_ADMIN_PAGES);

export function UserManagementTabs({ titleId }: { titleId: string }) {
  const { t } = useTranslation('admin');
  const users = { to: ADMIN_ROUTES.users.path, label: t('usersArea.usersTab'), testId: 'tab-users' };
  const groups = { to: ADMIN_ROUTES.groups.path, label: t('usersArea.groupsTab'), testId: 'tab-groups' };
  return (
    <AdminTabsHeader
      titleId={titleId}
      title={t('usersArea.title')}
      label={t('usersArea.tabs')}
      tabs={built.has('users') ? [users, groups] : [groups]}
    />
  );
}
