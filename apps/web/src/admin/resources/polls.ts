// The polls resource of the back office: the lab's prepared polls (the spec's cached admin list) and one
// poll for its form.
import { useQuery } from '@tanstack/react-query';
import { recordQuery } from '../../queries/recordQuery.ts';
import { pollsApi } from '../adminApi.ts';
import { cachedListQuery, recordKeys } from './resourceQuery.ts';

export const pollKeys = recordKeys('polls');

export const usePolls = () =>
  useQuery(cachedListQuery(pollKeys.list, (signal) => pollsApi.polls({ signal })));

/** The poll a form edits, or null for a new one. */
export const usePoll = (id: number | null) =>
  useQuery(recordQuery(pollKeys.one, (key, signal) => pollsApi.poll(key, { signal }), id));
