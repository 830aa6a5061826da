// The two kinds of back-office route that open one record named in the address. An address that names
// none goes back where the record is listed; the record loads (a spinner, then its failure or the page).
// - RecordFormRoute: a record's form, `create` for a new one (no record), keyed by the address so the
//   form starts afresh on another record.
// - RecordPage: a record's own page, with the way back above it and its title kept when it fails.
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { loadedOf } from '../queries/loaded.ts';
import { LoadedView } from './LoadedView.tsx';
import { TitledFailure } from './LoadFailure.tsx';
import { recordIdOf, useFormTarget } from './routeIds.ts';

export function RecordFormRoute<T>(props: {
  list: string;
  /** The record's query, none asked for a new one (`recordQuery`). */
  useRecord: (id: number | null) => UseQueryResult<T>;
  errorTestId: string;
  children: (record: T, key: string) => ReactNode;
}) {
  const target = useFormTarget();
  const state = loadedOf(props.useRecord(target.id));
  if (!target.valid) return <Navigate to={props.list} replace />;
  return (
    <LoadedView state={state} errorTestId={props.errorTestId}>
      {(record) => props.children(record, target.key)}
    </LoadedView>
  );
}

type RecordPageProps<T> = {
  /** The address's parameter that names the record. */
  param: string;
  useRecord: (id: number, enabled: boolean) => UseQueryResult<T>;
  back: { to: string; label: string };
  titleId: string;
  /** The page's title while its record cannot say it. */
  fallbackTitle: string;
  errorTestId: string;
  className?: string;
  testId?: string;
  children: (record: T) => ReactNode;
};

export function RecordPage<T>(props: RecordPageProps<T>) {
  const id = recordIdOf(useParams()[props.param]);
  const state = loadedOf(props.useRecord(id ?? 0, id !== null));
  if (id === null) return <Navigate to={props.back.to} replace />;
  return (
    <section
      className={props.className === undefined ? 'admin-page' : `admin-page ${props.className}`}
      aria-labelledby={props.titleId}
      data-testid={props.testId}
    >
      <p>
        <Link to={props.back.to}>← {props.back.label}</Link>
      </p>
      <LoadedView
        state={state}
        failed={(failure) => (
          <TitledFailure
            titleId={props.titleId}
            title={props.fallbackTitle}
            failure={failure}
            testId={props.errorTestId}
          />
        )}
      >
        {props.children}
      </LoadedView>
    </section>
  );
}
