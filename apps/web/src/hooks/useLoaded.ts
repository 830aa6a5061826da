// Loads what a page shows (the back office's, the calendar page), again when asked (after a change):
// loading, loaded or failed with what the API said. A failure is shown as it is, never as sample data.
import { useCallback, useEffect, useState } from 'react';
import { type Failure, toFailure } from '../failure.ts';

export type Loaded<T> =
  | { status: 'loading' }
  | { status: 'failed'; failure: Failure }
  | { status: 'loaded'; value: T };

export function useLoaded<T>(load: (signal: AbortSignal) => Promise<T>, deps: readonly unknown[]) {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller names what the load depends on.
  const run = useCallback(load, deps);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation is a reload.
  useEffect(() => {
    const controller = new AbortController();
    run(controller.signal)
      .then((value) => setState({ status: 'loaded', value }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', failure: toFailure(error) });
      });
    return () => controller.abort();
  }, [run, generation]);

  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  return { state, reload };
}
