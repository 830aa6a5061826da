// What a change does to the cache, said once. A save made from a form forgets the resource's lists that
// no screen shows (the next visit loads them, spinner first, as a first visit does) and marks the shown
// ones stale; a change made on the screen that shows the list loads it again in place; a change already
// shown on the list (useOptimisticRows) only marks it stale, so its rows stay as they are.
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';

export type Invalidate = {
  /** After a save from a form: forgets the inactive queries under `key`, marks the others stale. */
  afterSave(key: QueryKey): void;
  /** After a change on the screen that shows `key`: loads it again, keeping it on screen meanwhile. */
  refresh(key: QueryKey): void;
  /** After a change the screen already shows: the next visit loads `key` again. */
  markStale(key: QueryKey): void;
};

export function useInvalidate(): Invalidate {
  const client = useQueryClient();
  return useMemo(
    () => ({
      afterSave: (key) => {
        client.removeQueries({ queryKey: key, type: 'inactive' });
        void client.invalidateQueries({ queryKey: key, refetchType: 'none' });
      },
      refresh: (key) => void client.invalidateQueries({ queryKey: key }),
      markStale: (key) => void client.invalidateQueries({ queryKey: key, refetchType: 'none' }),
    }),
    [client],
  );
}
