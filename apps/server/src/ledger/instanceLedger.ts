// The ledger on a running instance: its signing key loaded (or generated on embedded defaults) and its
// writer started; the app signs exports with the same key.
import type { NoteSigner } from '@lablive/verify';
import type { Env } from '../config/env.ts';
import type { Db } from '../db/connection.ts';
import { loadLedgerSigner } from './ledgerKey.ts';
import { startLedger } from './ledgerWriter.ts';

export async function startInstanceLedger(
  env: Pick<Env, 'LEDGER_SIGNING_KEY' | 'DATA_DIR' | 'PUBLIC_URL'>,
  db: Db,
  warn: (message: string, details: object) => void,
): Promise<{ signer: NoteSigner; stop(): Promise<void> }> {
  const signer = await loadLedgerSigner({
    signingKey: env.LEDGER_SIGNING_KEY,
    dataDir: env.DATA_DIR,
    publicUrl: env.PUBLIC_URL,
  });
  const writer = startLedger({
    db,
    signer,
    now: () => new Date(),
    log: (message, error) => warn(message, { error: String(error) }),
  });
  return { signer, stop: () => writer.stop() };
}
