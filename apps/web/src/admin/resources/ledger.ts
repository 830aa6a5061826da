// The ledger's verifier key (issue 32, part 2): the key the lab's signed exports are checked against,
// shown beside the buttons that download them. It changes only when the lab's key is rotated, so the
// admin cache keeps it like a list.
import { useQuery } from '@tanstack/react-query';
import { ledgerApi } from '../adminApi.ts';
import { cachedListQuery } from './resourceQuery.ts';

export const ledgerKeys = {
  all: ['ledger'] as const,
  key: ['ledger', 'key'] as const,
};

export const useLedgerKey = () =>
  useQuery(cachedListQuery(ledgerKeys.key, (signal) => ledgerApi.ledgerKey({ signal })));
