// The replay resource of the back office: a room's timeline, loaded on each visit. The room at an instant is asked for one request at a time, the latest winning (`replay/useReplayState.ts`).
import { useQuery } from '@tanstack/react-query';
import { replayApi } from '../adminApi.ts';
import { visitQuery } from './resourceQuery.ts';

export const replayKeys = { timeline: (id: number) => ['replay', 'timeline', id] as const };

export const useReplayTimeline = (id: number, enabled = true) =>
  useQuery(visitQuery(replayKeys.timeline(id), (signal) => replayApi.timeline(id, { signal }), { enabled }));
