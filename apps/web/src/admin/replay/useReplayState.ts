// The room at the instant the replay shows: fetched when the instant changes, one request at a time
// (while one is in flight, only the latest instant asked for is fetched after it), so dragging or
// playing at 16x never piles requests up and the view always ends on the instant shown.
import type { ReplayState } from '@lablive/domain';
import { useEffect, useRef, useState } from 'react';
import { type Failure, toFailure } from '../../failure.ts';

export type ReplayStateLoad =
  | { status: 'loading'; last: ReplayState | null }
  | { status: 'loaded'; value: ReplayState }
  | { status: 'failed'; failure: Failure; last: ReplayState | null };

export function useReplayState(
  load: (at: string, signal: AbortSignal) => Promise<ReplayState>,
  instantMs: number | null,
  retry: number,
): ReplayStateLoad {
  const [state, setState] = useState<ReplayStateLoad>({ status: 'loading', last: null });
  const wanted = useRef<number | null>(null);
  const inFlight = useRef(false);
  const controller = useRef(new AbortController());
  const latestLoad = useRef(load);
  latestLoad.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `retry` asks for the same instant again
  useEffect(() => {
    if (instantMs === null) return;
    wanted.current = instantMs;
    if (inFlight.current) return;
    const fetchLatest = async () => {
      inFlight.current = true;
      try {
        while (wanted.current !== null) {
          const at = wanted.current;
          wanted.current = null;
          try {
            const value = await latestLoad.current(new Date(at).toISOString(), controller.current.signal);
            // Shown only when nothing newer was asked for meanwhile.
            if (wanted.current === null) setState({ status: 'loaded', value });
          } catch (error) {
            if (controller.current.signal.aborted) return;
            if (wanted.current === null) {
              setState((previous) => ({
                status: 'failed',
                failure: toFailure(error),
                last: previous.status === 'loaded' ? previous.value : previous.last,
              }));
            }
          }
        }
      } finally {
        inFlight.current = false;
      }
    };
    void fetchLatest();
  }, [instantMs, retry]);

  useEffect(() => {
    const current = controller.current;
    return () => current.abort();
  }, []);

  return state;
}
