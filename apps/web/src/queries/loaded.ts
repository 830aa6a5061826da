// A query's result as the screens show it: loading (a spinner), failed with what the API said (the error
// and its Retry), or loaded. A failure is shown as it is, never as sample data; a refetch keeps the
// loaded value on screen until the new one arrives.
import type { UseQueryResult } from '@tanstack/react-query';
import { type Failure, toFailure } from '../failure.ts';

export type Loaded<T> =
  | { status: 'loading' }
  | { status: 'failed'; failure: Failure }
  | { status: 'loaded'; value: T };

export function loadedOf<T>(query: UseQueryResult<T>): Loaded<T> {
  if (query.status === 'error') return { status: 'failed', failure: toFailure(query.error) };
  if (query.status === 'pending') return { status: 'loading' };
  return { status: 'loaded', value: query.data };
}

/** The loaded state and its Retry (a refetch of the same key). */
export function useLoadedQuery<T>(query: UseQueryResult<T>): { state: Loaded<T>; reload: () => void } {
  return { state: loadedOf(query), reload: () => void query.refetch() };
}

type Queries = Record<string, UseQueryResult<unknown>>;
type ValuesOf<Q extends Queries> = { [K in keyof Q]: Q[K] extends UseQueryResult<infer T> ? T : never };

/** Several queries a screen shows together: loading until all are loaded, failed with the first failure;
 *  Retry asks again for those that failed. */
export function useLoadedQueries<Q extends Queries>(
  queries: Q,
): { state: Loaded<ValuesOf<Q>>; reload: () => void } {
  const all = Object.values(queries);
  const reload = () => {
    for (const query of all) if (query.status === 'error') void query.refetch();
  };
  const failed = all.find((query) => query.status === 'error');
  if (failed !== undefined) return { state: { status: 'failed', failure: toFailure(failed.error) }, reload };
  if (all.some((query) => query.status === 'pending')) return { state: { status: 'loading' }, reload };
  const value = Object.fromEntries(Object.entries(queries).map(([key, query]) => [key, query.data]));
  // Every query is loaded: each entry holds its query's data.
  return { state: { status: 'loaded', value: value as ValuesOf<Q> }, reload };
}
