// The medias resource of the back office: the lab's stage contents (the spec's cached admin list) and one
// media for its form.
import { useQuery } from '@tanstack/react-query';
import { ADMIN_LIST_STALE_MS } from '../../queries/queryClient.ts';
import { recordQuery } from '../../queries/recordQuery.ts';
import { mediasApi } from '../adminApi.ts';

export const mediaKeys = {
  all: ['medias'] as const,
  list: ['medias', 'list'] as const,
  one: (id: number) => ['medias', id] as const,
};

export const useMedias = () =>
  useQuery({
    queryKey: mediaKeys.list,
    queryFn: ({ signal }) => mediasApi.medias({ signal }),
    staleTime: ADMIN_LIST_STALE_MS,
  });

/** The media a form edits, or null for a new one. */
export const useMedia = (id: number | null) =>
  useQuery(recordQuery(mediaKeys.one, (key, signal) => mediasApi.media(key, { signal }), id));
