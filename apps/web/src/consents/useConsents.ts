// Loads what a guest is asked and has given (GET my-consents), or what a public event asks (by slug),
// and keeps the answer of an accept or a withdrawal, which the server sends back whole.
import type { AskedConsent, MyConsents } from '@lablive/domain';
import { useCallback, useEffect, useState } from 'react';
import { type Failure, toFailure } from '../failure.ts';
import { consentsApi } from './consentsApi.ts';

export type Loaded<T> =
  | { status: 'loading' }
  | { status: 'loaded'; value: T }
  | { status: 'failed'; failure: Failure };

function useLoaded<T>(load: ((signal: AbortSignal) => Promise<T>) | null, key: string) {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `load` loads.
  useEffect(() => {
    if (load === null) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal)
      .then((value) => setState({ status: 'loaded', value }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', failure: toFailure(error) });
      });
    return () => controller.abort();
  }, [key]);
  const replace = useCallback((value: T) => setState({ status: 'loaded', value }), []);
  return { state, replace };
}

/** The public page's consents (none to ask is an empty list). */
export function usePublicConsents(slug: string) {
  return useLoaded<AskedConsent[]>((signal) => consentsApi.askedBySlug(slug, { signal }), `slug:${slug}`);
}

/** The signed-in guest's consents; `enabled` false (staff) loads nothing. */
export function useMyConsents(enabled: boolean) {
  return useLoaded<MyConsents>(
    enabled ? (signal) => consentsApi.mine({ signal }) : null,
    enabled ? 'mine' : 'none',
  );
}
