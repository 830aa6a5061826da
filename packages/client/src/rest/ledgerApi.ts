// The ledger's public call (issue 32, part 2): the verifier key the lab's exports are signed with, which
// an inspector gives `lablive-verify` (`--key`). Public and not a secret: labs publish it.
import type { RequestOptions, Transport } from './httpTransport.ts';

export function createLedgerApi(transport: Transport) {
  return {
    /** The verifier key (`<name>+<key id>+<key>`), as the server writes it, without its line end. */
    ledgerKey: async ({ signal }: RequestOptions = {}): Promise<string> =>
      (await transport.text({ method: 'GET', path: '/api/ledger/key', auth: false, signal })).trim(),
  };
}

export type LedgerApi = ReturnType<typeof createLedgerApi>;
