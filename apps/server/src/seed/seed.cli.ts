// npm run db:seed: creates the demo data when the database (DATABASE_URL, or the embedded one) is empty.
import path from 'node:path';
import { loadEnv } from '../config/env.ts';
import { openDatabase } from '../db/database.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from './demoData.ts';

const env = loadEnv();
const database = await openDatabase(env, () => {});
try {
  const result = await seedDemoData(database.db, {
    filesDir: path.join(env.DATA_DIR, 'files'),
    now: new Date(),
  });
  if (result.created) {
    console.log(`Demo data created. Public event: ${env.PUBLIC_URL}/${result.eventSlug}`);
    for (const account of DEMO_ACCOUNTS) console.log(`  ${account.email} / ${DEMO_PASSWORD}`);
  } else {
    console.log(`Demo data not created: ${result.reason}.`);
  }
} finally {
  await database.close();
}
