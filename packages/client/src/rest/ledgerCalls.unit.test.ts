// The inspector's calls on the transport, against a real (tiny) HTTP server: the signed audit trail and
// a room's signed log arrive as files with the name the server gives them, the verifier key as text
// (asked without the session's token: it is public), and a refusal as an ApiError.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isApiError } from './apiError.ts';
import { createAuditApi } from './auditApi.ts';
import { createTransport, type Transport } from './httpTransport.ts';
import { createLedgerApi } from './ledgerApi.ts';
import { createStatsApi } from './statsApi.ts';
import { createMemoryTokenStore } from './tokenStore.ts';

const KEY = 'lablive.test/labs/1+90d64d10+AYqI49xYz';
const PACKAGE = '{"format":"lablive-export/1"}\n{"seq":1}\n';

type Received = { url: string; authorization: string | undefined };

let server: Server;
let baseUrl: string;
let received: Received[];

function answer(request: IncomingMessage, response: ServerResponse) {
  received.push({ url: request.url ?? '', authorization: request.headers.authorization });
  const ndjson = (fileName: string) => {
    response.writeHead(200, {
      'content-type': 'application/x-ndjson; charset=utf-8',
      'content-disposition': `attachment; filename="${fileName}"`,
    });
    response.end(PACKAGE);
  };
  if (request.url === '/api/audit/log/export') return ndjson('audit-trail-lab-1.jsonl');
  if (request.url === '/api/rooms/12/log/export') return ndjson('room-12-log.jsonl');
  if (request.url === '/api/ledger/key') {
    response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
    return response.end(`${KEY}\n`);
  }
  response.writeHead(403, { 'content-type': 'application/problem+json' });
  response.end(
    JSON.stringify({
      type: 'about:blank',
      title: 'Forbidden',
      status: 403,
      code: 'forbidden',
      detail: 'No.',
    }),
  );
}

beforeEach(async () => {
  received = [];
  server = createServer(answer);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  server.close();
  await once(server, 'close');
});

const signedIn = (): Transport =>
  createTransport({ baseUrl, tokenStore: createMemoryTokenStore({ token: 'a-1', refreshToken: 'r-1' }) });

describe("an inspector's exports", () => {
  it('downloads the signed audit trail under the name the server gives it', async () => {
    const file = await createAuditApi(signedIn()).downloadSignedLog();
    expect(file.fileName).toBe('audit-trail-lab-1.jsonl');
    expect(await file.blob.text()).toBe(PACKAGE);
    expect(received).toEqual([{ url: '/api/audit/log/export', authorization: 'Bearer a-1' }]);
  });

  it("downloads a room's signed log", async () => {
    const file = await createStatsApi(signedIn()).roomLogExport(12);
    expect(file.fileName).toBe('room-12-log.jsonl');
    expect(await file.blob.text()).toBe(PACKAGE);
  });

  it("says a refused export with the server's problem", async () => {
    const failure = await createStatsApi(signedIn())
      .roomLogExport(13)
      .catch((error: unknown) => error);
    expect(isApiError(failure) && failure.status).toBe(403);
  });

  it('reads the verifier key as text, without its line end and without the token', async () => {
    expect(await createLedgerApi(signedIn()).ledgerKey()).toBe(KEY);
    expect(received).toEqual([{ url: '/api/ledger/key', authorization: undefined }]);
  });
});
