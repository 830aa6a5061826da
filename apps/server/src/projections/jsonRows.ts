// Writing a page's rows into a generation's table in one statement, whatever their number: the rows
// travel as one JSON parameter and jsonb_populate_recordset turns them into the table's row type (their
// keys are its column names).
import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Trx = Transaction<Database>;

/** The rows as a set of the table's rows, for an INSERT … SELECT. */
function rowsOf(table: string, records: readonly object[]): RawBuilder<unknown> {
  const target = sql.table(table);
  return sql`SELECT * FROM jsonb_populate_recordset(NULL::${target}, ${JSON.stringify(records)}::jsonb)`;
}

/**
 * Inserts the rows; a row whose `key` exists already gets `onConflict` (its columns replaced by the new
 * row's by default, or the caller's SET list; `EXCLUDED` names the new row), or is skipped when
 * `onConflict` is 'ignore'.
 */
export async function writeRows(
  trx: Trx,
  table: string,
  records: readonly object[],
  options: { key: readonly string[]; onConflict: 'replace' | 'ignore' | RawBuilder<unknown> },
): Promise<void> {
  const [first] = records;
  if (first === undefined) return;
  const target = sql.table(table);
  const key = sql.join(options.key.map((column) => sql.ref(column)));
  const { onConflict } = options;
  const action =
    onConflict === 'ignore'
      ? sql`DO NOTHING`
      : onConflict === 'replace'
        ? sql`DO UPDATE SET ${sql.join(
            Object.keys(first)
              .filter((column) => !options.key.includes(column))
              .map((column) => sql`${sql.ref(column)} = EXCLUDED.${sql.ref(column)}`),
          )}`
        : sql`DO UPDATE SET ${onConflict}`;
  await sql`INSERT INTO ${target} ${rowsOf(table, records)} ON CONFLICT (${key}) ${action}`.execute(trx);
}
