// A back-office page's frame: a section labelled by its title, the header with the title (the h1) and
// what stands beside it (the link that adds one more of what the page lists, or the tabs of an area
// whose pages share one title), and a line that says what the page is for.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';

type HeaderProps = { titleId: string; title: ReactNode; children?: ReactNode };

type FrameProps = {
  /** Beside the title: the page's actions. */
  actions?: ReactNode;
  /** More classes than admin-page, for a page's own layout. */
  className?: string;
  children: ReactNode;
};

type PageProps = FrameProps & {
  titleId: string;
  title: string;
  intro?: string;
  testId?: string;
};

/**
 * The pages framed by their name (adminPages.ts), and where their texts are: the title and the intro are
 * `<texts>.title` and `<texts>.intro`; the ids are the name in kebab case (`deployment-days-title`, and
 * `deployment-days-page` the page's test id).
 */
const NAMED_PAGES = { consumption: 'stats.consumption', deploymentDays: 'deploymentDays' } as const;

export type NamedAdminPage = keyof typeof NAMED_PAGES;

/** A page framed by its name: `<NamedPage page="deploymentDays">`. */
export function NamedPage({ page, ...frame }: FrameProps & { page: NamedAdminPage }) {
  const { t } = useTranslation('admin');
  const texts = NAMED_PAGES[page];
  const id = page.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return (
    <AdminPage
      titleId={`${id}-title`}
      title={t(`${texts}.title`)}
      intro={t(`${texts}.intro`)}
      testId={`${id}-page`}
      {...frame}
    />
  );
}

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
