// Prints a new key pair for the ledger's checkpoints (docs/operations.md, "Tamper evidence"): the
// signer key for LEDGER_SIGNING_KEY (keep it secret, the same on every instance) and the verifier key
// the lab publishes for inspectors (`npx lablive-verify <export> --key <verifier key>`).
//   npm run ledger-key -- lablive.example.org
import { generateNoteKeys } from '@lablive/verify';

const name = process.argv[2];
if (!name) {
  console.error('usage: npm run ledger-key -- <key name, e.g. the public host: lablive.example.org>');
  process.exit(2);
}
const { signerKey, verifierKey } = generateNoteKeys(name);
console.log(`LEDGER_SIGNING_KEY=${signerKey}`);
console.log(`verifier key (publish it): ${verifierKey}`);
