// The rows of a back-office list, changed at once and saved behind (back-office spec 4: "Deletions and
// value edits are optimistic"): a change shows before the server answers; a refusal puts the previous
// rows back and says why in a toast (the old product only logged it). Rows being added show as pending
// until the server gives them their ids. Each saved change marks the list's query stale (`onSaved`), so
// the rows shown stay as they are and the next visit loads them again.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toasts/useToast.ts';
import { toFailure } from '../../failure.ts';
import { describeFailure } from '../../i18n/messages.ts';

export type OptimisticRows<Row> = {
  rows: readonly Row[];
  /** Shows `patch` on the row at once; `save` answers the row as stored. */
  change(id: string, patch: Partial<Row>, save: () => Promise<Row>): Promise<void>;
  /** Shows `pending` rows at once, replaced by what `save` answers. */
  add(pending: readonly Row[], save: () => Promise<readonly Row[]>): Promise<void>;
  /** Hides the rows at once; a failure puts them back and rejects (the confirmation shows it). */
  remove(ids: readonly string[], save: () => Promise<unknown>): Promise<void>;
};

export function useOptimisticRows<Row>(
  loaded: readonly Row[],
  rowId: (row: Row) => string,
  onSaved: () => void = () => {},
): OptimisticRows<Row> {
  const { t } = useTranslation();
  const toast = useToast();
  const [rows, setRows] = useState<readonly Row[]>(loaded);
  // The latest rows, for a rollback that must not undo another change made meanwhile.
  const latest = useRef(rows);
  latest.current = rows;
  const idOf = useRef(rowId);
  idOf.current = rowId;
  const saved = useRef(onSaved);
  saved.current = onSaved;
  useEffect(() => setRows(loaded), [loaded]);

  const showFailure = useCallback(
    (error: unknown) => toast.show({ title: describeFailure(t, toFailure(error)), tone: 'error' }),
    [t, toast],
  );

  const change = useCallback<OptimisticRows<Row>['change']>(
    async (id, patch, save) => {
      const before = latest.current.find((row) => idOf.current(row) === id);
      if (before === undefined) return;
      const put = (row: Row) =>
        setRows((current) => current.map((each) => (idOf.current(each) === id ? row : each)));
      put({ ...before, ...patch });
      try {
        put(await save());
        saved.current();
      } catch (error) {
        put(before);
        showFailure(error);
      }
    },
    [showFailure],
  );

  const add = useCallback<OptimisticRows<Row>['add']>(
    async (pending, save) => {
      setRows((current) => [...current, ...pending]);
      const withoutPending = (current: readonly Row[]) => current.filter((row) => !pending.includes(row));
      try {
        const stored = await save();
        const storedIds = new Set(stored.map((row) => idOf.current(row)));
        // An address the list already had comes back as it was: listed once.
        setRows((current) => [
          ...withoutPending(current).filter((row) => !storedIds.has(idOf.current(row))),
          ...stored,
        ]);
        saved.current();
      } catch (error) {
        setRows(withoutPending);
        showFailure(error);
        throw error;
      }
    },
    [showFailure],
  );

  const remove = useCallback<OptimisticRows<Row>['remove']>(async (ids, save) => {
    const before = latest.current;
    const removed = before.filter((row) => ids.includes(idOf.current(row)));
    setRows((current) => current.filter((row) => !ids.includes(idOf.current(row))));
    try {
      await save();
      saved.current();
    } catch (error) {
      // Back in their places, with whatever was added meanwhile after them.
      setRows((current) => [
        ...before.filter((row) => removed.includes(row) || current.includes(row)),
        ...current.filter((row) => !before.includes(row)),
      ]);
      throw error;
    }
  }, []);

  return { rows, change, add, remove };
}
