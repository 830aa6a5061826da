// The options of a query for the record a form edits, or for none when the form makes a new one: the new
// form's "record" is null at once, and nothing is sent. A form takes its record as its first values, so
// the record is never kept once the form is closed (gcTime 0): the next opening loads it afresh.
import type { QueryKey } from '@tanstack/react-query';

export function recordQuery<T>(
  key: (id: number) => QueryKey,
  load: (id: number, signal: AbortSignal) => Promise<T>,
  id: number | null,
) {
  if (id === null) {
    return {
      queryKey: [...key(0).slice(0, 1), 'new'],
      queryFn: async (): Promise<T | null> => null,
      initialData: null,
    };
  }
  return {
    queryKey: key(id),
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<T | null> => load(id, signal),
    gcTime: 0,
  };
}
