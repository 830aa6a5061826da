// The documents resource of the back office: the lab's documents (the spec's cached admin list) and one
// document for its form.
import { useQuery } from '@tanstack/react-query';
import { ADMIN_LIST_STALE_MS } from '../../queries/queryClient.ts';
import { recordQuery } from '../../queries/recordQuery.ts';
import { documentsApi } from '../adminApi.ts';

export const documentKeys = {
  all: ['documents'] as const,
  list: ['documents', 'list'] as const,
  one: (id: number) => ['documents', id] as const,
};

export const useDocuments = () =>
  useQuery({
    queryKey: documentKeys.list,
    queryFn: ({ signal }) => documentsApi.documents({ signal }),
    staleTime: ADMIN_LIST_STALE_MS,
  });

/** The document a form edits, or null for a new one. */
export const useDocument = (id: number | null) =>
  useQuery(recordQuery(documentKeys.one, (key, signal) => documentsApi.document(key, { signal }), id));
