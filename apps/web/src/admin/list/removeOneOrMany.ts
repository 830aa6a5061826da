// The removal an AdminList asks for, as the API has it: one record by its own call (so its refusal names
// it), several by the bulk call, each with the reason given in the confirmation (the audit trail's). The
// list's row ids are the records' ids as strings.
import type { RequestOptions } from '@lablive/client';

export function removeOneOrMany(
  ids: readonly string[],
  one: (id: number, options: RequestOptions) => Promise<unknown>,
  many: (ids: number[], options: RequestOptions) => Promise<unknown>,
  reason: string | undefined,
): Promise<unknown> {
  const [only] = ids;
  const options = reason === undefined ? {} : { reason };
  return ids.length === 1 && only !== undefined ? one(Number(only), options) : many(ids.map(Number), options);
}
