// The labs resource of the back office (issue 28, super-admins): every lab with what it used of its plan
// (the spec's cached admin list) and one lab's settings for its form.
import { useQuery } from '@tanstack/react-query';
import { recordQuery } from '../../queries/recordQuery.ts';
import { labsApi } from '../adminApi.ts';
import { cachedListQuery, recordKeys } from './resourceQuery.ts';

export const labKeys = recordKeys('labs');

export const useLabs = () => useQuery(cachedListQuery(labKeys.list, (signal) => labsApi.labs({ signal })));

/** The lab a form edits, or null for a new one. */
export const useLab = (id: number | null) =>
  useQuery(recordQuery(labKeys.one, (key, signal) => labsApi.lab(key, { signal }), id));
