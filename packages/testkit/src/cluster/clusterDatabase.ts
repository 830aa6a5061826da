// The database of a local cluster or a measurement: created on the machine's PostgreSQL when it does
// not exist yet (the instances migrate it when they start), dropped by the measurement afterwards.
import pg from 'pg';

function adminUrl(databaseUrl: string): { admin: string; name: string } {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`database name "${name}": letters, digits and _ only`);
  url.pathname = '/postgres';
  return { admin: url.toString(), name };
}

async function asAdmin(databaseUrl: string, work: (client: pg.Client, name: string) => Promise<void>) {
  const { admin, name } = adminUrl(databaseUrl);
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await work(client, name);
  } finally {
    await client.end();
  }
}

/** Creates the database unless it exists; true when it was created. */
export async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  let created = false;
  await asAdmin(databaseUrl, async (client, name) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE ${name}`);
      created = true;
    }
  });
  return created;
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  await asAdmin(databaseUrl, async (client, name) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}
