// Secrets that the embedded defaults generate once and keep in DATA_DIR, so that a restart keeps tokens
// valid and the embedded database reachable. Set explicitly (ACCESS_TOKEN_SECRET) in production.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const secretsSchema = z.object({
  accessTokenSecret: z.string().min(32),
  embeddedPostgresPassword: z.string().min(16),
});
export type LocalSecrets = z.infer<typeof secretsSchema>;

export async function loadOrCreateLocalSecrets(dataDir: string): Promise<LocalSecrets> {
  const file = path.join(dataDir, 'secrets.json');
  await fs.mkdir(dataDir, { recursive: true });
  try {
    return secretsSchema.parse(JSON.parse(await fs.readFile(file, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`${file} is unreadable or malformed; remove it to generate new secrets`, {
        cause: error,
      });
    }
  }
  const secrets: LocalSecrets = {
    accessTokenSecret: randomBytes(48).toString('base64url'),
    embeddedPostgresPassword: randomBytes(24).toString('base64url'),
  };
  await fs
    .writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: 'wx' })
    .catch(async (error) => {
      // Another process created it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    });
  return secretsSchema.parse(JSON.parse(await fs.readFile(file, 'utf8')));
}
