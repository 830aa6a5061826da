// The back office's shell (/admin/*): the sidebar of the areas the user may open, who is signed in and
// for which lab, sign-out, and the page. Signed-out visitors go home, guests to their event. A user who
// may open no page but their profile sees no sidebar (live-room spec 6), only who they are and sign-out.
// On a phone the page comes first: the sidebar waits behind a Menu button.
import { principalOf } from '@lablive/domain';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet } from 'react-router-dom';
import { RequireAuth } from '../auth/RequireAuth.tsx';
import { useCurrentUser } from '../auth/useAuth.ts';
import { Icon } from '../components/Icon.tsx';
import { SignOutButton } from '../components/SignOutButton.tsx';
import { QueryProvider } from '../queries/QueryProvider.tsx';
import { hasBackOffice, navEntries } from './adminNav.ts';
import { BUILT_ADMIN_PAGE_SET } from './adminPages.ts';
import './admin.css';

export function AdminLayout() {
  return (
    <RequireAuth staffOnly>
      <QueryProvider>
        <AdminShell />
      </QueryProvider>
    </RequireAuth>
  );
}

function AdminShell() {
  const { t } = useTranslation('admin');
  const user = useCurrentUser();
  if (user === null) return null;
  const principal = principalOf(user);
  const entries = navEntries(principal, BUILT_ADMIN_PAGE_SET);
  const signedIn = (
    <>
      <p className="admin-user-name">
        {user.avatar_url && (
          <img className="admin-user-avatar" src={user.avatar_url} alt="" data-testid="sidebar-avatar" />
        )}
        <span>{user.name}</span>
      </p>
      <p className="muted admin-user-detail" data-testid="signed-in-as">
        {t('user.signedInAs', { email: user.email })}
      </p>
      <p className="muted admin-user-detail" data-testid="lab-name">
        {t('user.lab', { name: user.lab.name })}
      </p>
      <SignOutButton />
    </>
  );
  if (!hasBackOffice(principal, BUILT_ADMIN_PAGE_SET)) {
    return (
      <div className="admin-shell admin-shell-bare">
        <section className="admin-user admin-user-bar" aria-label={t('user.menu')}>
          {signedIn}
        </section>
        <div className="admin-content">
          <Outlet />
        </div>
      </div>
    );
  }
  return (
    <div className="admin-shell">
      <AdminSidebar entries={entries}>{signedIn}</AdminSidebar>
      <div className="admin-content">
        <Outlet />
      </div>
    </div>
  );
}

function AdminSidebar({
  entries,
  children,
}: {
  entries: ReturnType<typeof navEntries>;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button-secondary admin-menu-button"
        aria-expanded={open}
        aria-controls="admin-sidebar"
        data-testid="admin-menu"
        onClick={() => setOpen((shown) => !shown)}
      >
        <Icon name={open ? 'close' : 'menu'} className="admin-menu-icon" />
        {t('nav.menu')}
      </button>
      <aside id="admin-sidebar" className="admin-sidebar" data-open={open}>
        <nav aria-label={t('nav.label')}>
          <ul className="admin-nav">
            {entries.map((entry) => (
              <li key={entry.route}>
                <NavLink
                  to={entry.path}
                  className="admin-nav-link"
                  data-testid={`nav-${entry.route}`}
                  // On a phone the chosen page takes the screen again.
                  onClick={() => setOpen(false)}
                >
                  {t(`nav.${entry.label}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <section className="admin-user" aria-label={t('user.menu')}>
          {children}
        </section>
      </aside>
    </>
  );
}
