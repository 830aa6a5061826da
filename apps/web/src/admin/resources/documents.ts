// The documents resource of the back office: the lab's documents (the spec's cached admin list) and one
// document for its form.
import { useQuery } from '@tanstack/react-query';
import { recordQuery } from '../../queries/recordQuery.ts';
import { documentsApi } from '../adminApi.ts';
import { cachedListQuery, recordKeys } from './resourceQuery.ts';

export const documentKeys = recordKeys('documents');

export const useDocuments = () =>
  useQuery(cachedListQuery(documentKeys.list, (signal) => documentsApi.documents({ signal })));

/** The document a form edits, or null for a new one. */
export const useDocument = (id: number | null) =>
  useQuery(recordQuery(documentKeys.one, (key, signal) => documentsApi.document(key, { signal }), id));
