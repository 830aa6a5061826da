// The removal an AdminList asks for, as the API has it: one record by its own call (so its refusal names
// it), several by the bulk call. The list's row ids are the records' ids as strings.
export function removeOneOrMany(
  ids: readonly string[],
  one: (id: number) => Promise<unknown>,
  many: (ids: number[]) => Promise<unknown>,
): Promise<unknown> {
  const [only] = ids;
  return ids.length === 1 && only !== undefined ? one(Number(only)) : many(ids.map(Number));
}
