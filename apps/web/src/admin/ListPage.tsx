// A back-office page that lists one resource: its title, the link to the form of a new one, a line that
// says what the page is for, and the loaded list (a spinner, the failure, or the list itself).
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Loaded } from '../queries/loaded.ts';
import { AdminPage } from './AdminPage.tsx';
import { LoadedView } from './LoadedView.tsx';

type Props<T> = {
  titleId: string;
  title: string;
  /** The page's primary action: a link to the empty form. */
  add: { to: string; label: string; testId: string };
  intro?: string;
  state: Loaded<T>;
  errorTestId: string;
  children: (value: T) => ReactNode;
};

export function ListPage<T>({ titleId, title, add, intro, state, errorTestId, children }: Props<T>) {
  return (
    <AdminPage
      titleId={titleId}
      title={title}
      intro={intro}
      actions={
        <Link to={add.to} className="button button-primary" data-testid={add.testId}>
          {add.label}
        </Link>
      }
    >
      <LoadedView state={state} errorTestId={errorTestId}>
        {children}
      </LoadedView>
    </AdminPage>
  );
}
