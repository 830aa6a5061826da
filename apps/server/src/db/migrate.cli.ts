// npm run db:migrate: applies pending migrations to DATABASE_URL, or to the embedded database of DATA_DIR.
import { loadEnv } from '../config/env.ts';
import { openDatabase } from './database.ts';

const env = loadEnv();
const database = await openDatabase(env, () => {});
console.log(
  database.migrationsApplied.length === 0
    ? 'Database is up to date.'
    : `Applied: ${database.migrationsApplied.join(', ')}`,
);
await database.close();
