// A back-office page's frame: a section labelled by its title, the header with the title (the h1) and
// what stands beside it (the link that adds one more of what the page lists, or the tabs of an area
// whose pages share one title), and a line that says what the page is for.
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';

type HeaderProps = { titleId: string; title: ReactNode; children?: ReactNode };

type PageProps = {
  titleId: string;
  title: string;
  intro?: string;
  /** Beside the title: the page's actions. */
  actions?: ReactNode;
  /** More classes than admin-page, for a page's own layout. */
  className?: string;
  testId?: string;
  children: ReactNode;
};

export function AdminPage({ titleId, title, intro, actions, className, testId, children }: PageProps) {
  return (
    <section
      className={className === undefined ? 'admin-page' : `admin-page ${className}`}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <AdminPageHeader titleId={titleId} title={title}>
        {actions}
      </AdminPageHeader>
      {intro !== undefined && <p className="muted">{intro}</p>}
      {children}
    </section>
  );
}

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
