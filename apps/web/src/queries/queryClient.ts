// The app's one query cache (TanStack Query): what the back office and the calendar page load from the
// REST API goes through it, with the retry and stale times stated here once. Each resource has its own
// key and hook (the back office's in `admin/resources/`), and a change invalidates the keys it touches.
// It is provided by QueryProvider where those pages start, not at the app's root: the library stays
// out of the scripts a guest downloads on the way into the room (250 kB, docs/performance.md).
import { QueryClient } from '@tanstack/react-query';
import { toFailure } from '../failure.ts';
import { forgetOnSignOut } from './forgetOnSignOut.ts';

/** The spec's admin cache (back-office spec 7, live rooms 9: 900000 ms): the back office's lists stay
 *  fresh this long, unless a change made here invalidates them first. */
export const ADMIN_LIST_STALE_MS = 15 * 60_000;

/** Figures that move on their own (statistics, a guest list during an event) are asked for again on each
 *  visit: they are never older than the screen that shows them. */
export const LIVE_STALE_MS = 0;

/** One more try when the server could not be reached at all (status 0); a refusal or a server error is
 *  shown at once, with its Retry, as before. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < 1 && toFailure(error).status === 0;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: LIVE_STALE_MS,
        retry: shouldRetry,
        retryDelay: 500,
        // A screen refreshes when it is opened or after a change, not when the window takes the focus
        // back (a form being filled would otherwise move under the reader's hands).
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/** The one cache of the tab, forgotten on sign-out (the next one to sign in here never sees it). */
export const queryClient = createQueryClient();
forgetOnSignOut(() => queryClient.clear());
