// Where a text still stands in a database: every row of every table (the job queue's schema too), read
// as text. What an erasure test asks after erasing someone: their name must be nowhere.
import pg from 'pg';

/** Each row holding `needle` (any case), as `schema.table: row` (its first 2,000 characters). */
export async function rowsHolding(database: { url: string }, needle: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ schema: string; name: string }>(`
      SELECT n.nspname AS schema, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind IN ('r', 'p') AND n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')`);
    const found: string[] = [];
    for (const { schema, name } of tables) {
      const table = `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(name)}`;
      // A read model's retired generation may be dropped meanwhile: it then holds nothing.
      const { rows } = await client
        .query<{ row: string }>(`SELECT t::text AS row FROM ${table} t WHERE t::text ILIKE $1`, [
          `%${needle}%`,
        ])
        .catch((error: unknown) => {
          if ((error as { code?: string }).code === '42P01') return { rows: [] };
          throw error;
        });
      for (const { row } of rows) found.push(`${schema}.${name}: ${row.slice(0, 2000)}`);
    }
    return found;
  } finally {
    await client.end();
  }
}
