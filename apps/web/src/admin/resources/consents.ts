// The consents resource of the back office (issue 33): the lab's consent texts with their versions.
import { useQuery } from '@tanstack/react-query';
import { consentsAdminApi } from '../adminApi.ts';
import { cachedListQuery, recordKeys } from './resourceQuery.ts';

export const consentKeys = recordKeys('consents');

export const useLabConsents = () =>
  useQuery(cachedListQuery(consentKeys.list, (signal) => consentsAdminApi.list({ signal })));
