// The medias resource of the back office: the lab's stage contents (the spec's cached admin list) and one
// media for its form.
import { useQuery } from '@tanstack/react-query';
import { recordQuery } from '../../queries/recordQuery.ts';
import { mediasApi } from '../adminApi.ts';
import { cachedListQuery, recordKeys } from './resourceQuery.ts';

export const mediaKeys = recordKeys('medias');

export const useMedias = () =>
  useQuery(cachedListQuery(mediaKeys.list, (signal) => mediasApi.medias({ signal })));

/** The media a form edits, or null for a new one. */
export const useMedia = (id: number | null) =>
  useQuery(recordQuery(mediaKeys.one, (key, signal) => mediasApi.media(key, { signal }), id));
