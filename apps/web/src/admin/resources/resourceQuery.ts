// The two ways a back-office resource loads, named once so every resource module says which it is: the
// spec's cached admin list (kept ADMIN_LIST_STALE_MS), or figures that move and load on each visit
// (optionally held back until the screen knows what to ask, and optionally keeping the shown page until
// the next arrives). The call gets the query's signal so a left screen cancels its request.
import { keepPreviousData, type QueryKey } from '@tanstack/react-query';
import { ADMIN_LIST_STALE_MS } from '../../queries/queryClient.ts';

type Load<T> = (signal: AbortSignal) => Promise<T>;

/** A list the back office keeps for the spec's admin cache time. */
export const cachedListQuery = <T, K extends QueryKey>(queryKey: K, load: Load<T>) => ({
  queryKey,
  queryFn: ({ signal }: { signal: AbortSignal }) => load(signal),
  staleTime: ADMIN_LIST_STALE_MS,
});

type VisitOptions = { enabled?: boolean; keepPrevious?: boolean };

/** Figures loaded afresh on each visit; `keepPrevious` keeps the page shown until the next one arrives. */
export const visitQuery = <T, K extends QueryKey>(
  queryKey: K,
  load: Load<T>,
  { enabled = true, keepPrevious = false }: VisitOptions = {},
) => ({
  queryKey,
  queryFn: ({ signal }: { signal: AbortSignal }) => load(signal),
  enabled,
  placeholderData: keepPrevious ? keepPreviousData : undefined,
});

/** The keys of a resource with a cached list and one record a form edits. */
export const recordKeys = <const N extends string>(name: N) => ({
  all: [name] as const,
  list: [name, 'list'] as const,
  one: (id: number) => [name, id] as const,
});
