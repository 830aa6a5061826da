// Loads an event's public card (name, lab, theme) from GET /api/eventInfo/{id}.
import type { EventInfo } from '@lablive/domain';
import { useEffect, useState } from 'react';
import { type Failure, toFailure } from '../failure.ts';
import { api } from '../services.ts';

export type EventInfoState =
  | { status: 'loading' }
  | { status: 'loaded'; info: EventInfo }
  | { status: 'failed'; failure: Failure };

export function useEventInfo(eventId: number | null): EventInfoState {
  const [state, setState] = useState<EventInfoState>({ status: 'loading' });

  useEffect(() => {
    if (eventId === null) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    api
      .eventInfo(eventId, { signal: controller.signal })
      .then((info) => setState({ status: 'loaded', info }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'failed', failure: toFailure(error) });
      });
    return () => controller.abort();
  }, [eventId]);

  return state;
}
