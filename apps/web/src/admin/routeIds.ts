// The record a back-office address names. An id is a positive whole number; anything else (a typo, an
// old link) is no record, and the page goes back to its list rather than asking the server.
import { useParams } from 'react-router-dom';

/** The id in the address, or null when it is not one. */
export function recordIdOf(param: string | undefined): number | null {
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** What a form's address asks for: `create` (a new record, id null), an existing record, or nothing valid.
 *  `key` remounts the form when the address moves to another record. */
export type FormTarget = { valid: boolean; id: number | null; key: string };

export function formTargetOf(param: string | undefined): FormTarget {
  const key = param ?? '';
  if (key === 'create') return { valid: true, id: null, key };
  const id = recordIdOf(param);
  return { valid: id !== null, id, key };
}

/** The form target in the address's `id` parameter. */
export function useFormTarget(): FormTarget {
  return formTargetOf(useParams().id);
}
