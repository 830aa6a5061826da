// A back-office page's header: its title (the h1 the page's section is labelled by) and what stands
// beside it: the link that adds one more of what the page lists (ListPage), or the tabs of an area whose
// pages share one title.
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';

type HeaderProps = { titleId: string; title: ReactNode; children?: ReactNode };

export function AdminPageHeader({ titleId, title, children }: HeaderProps) {
  return (
    <header className="admin-page-header">
      <h1 id={titleId}>{title}</h1>
      {children}
    </header>
  );
}

export type AdminTab = { to: string; label: string; testId: string };

/** An area's header: its title and a tab per page, the current one marked by the router. */
export function AdminTabsHeader({
  titleId,
  title,
  label,
  tabs,
}: {
  titleId: string;
  title: string;
  label: string;
  tabs: readonly AdminTab[];
}) {
  return (
    <AdminPageHeader titleId={titleId} title={title}>
      <nav className="admin-tabs" aria-label={label}>
        {tabs.map((tab) => (
          <NavLink key={tab.to} to={tab.to} className="admin-tab" end data-testid={tab.testId}>
            {tab.label}
          </NavLink>
        ))}
      </nav>
    </AdminPageHeader>
  );
}
