// A person's data downloaded for a GDPR request, against a real (tiny) HTTP server: the address, the
// format, the PDF's language and zone go in the query, encoded; the file comes with the name the server
// gives it; a malformed address comes back as the server's field error. Their erasure posts the address
// with the request as the reason, percent-encoded, and reads back what was erased and what is kept.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REASON_HEADER } from '@lablive/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isApiError } from './apiError.ts';
import { createTransport } from './httpTransport.ts';
import { createPersonalDataApi } from './personalDataApi.ts';
import { createMemoryTokenStore } from './tokenStore.ts';

const JSON_BODY = '{"email":"ada+gdpr@example.com","participations":[]}';

type Received = { url: URL; authorization: string | undefined; reason?: string | undefined; body?: string };

const ERASURE = {
  erasureId: 'er-1',
  erasedAt: '2026-11-30T09:15:00.000Z',
  participations: 2,
  accounts: 1,
  keys: 3,
  mails: 4,
  keptReports: [{ id: 7, reference: 'PV-2026-000007' }],
};

async function answerErasure(request: IncomingMessage, response: ServerResponse, url: URL) {
  let body = '';
  for await (const chunk of request) body += String(chunk);
  const reason = request.headers[REASON_HEADER];
  received.push({
    url,
    authorization: request.headers.authorization,
    reason: typeof reason === 'string' ? reason : undefined,
    body,
  });
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(ERASURE));
}

let server: Server;
let baseUrl: string;
let received: Received[];

function answer(request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (request.method === 'POST' && url.pathname === '/api/personal-data/erasure') {
    void answerErasure(request, response, url);
    return;
  }
  received.push({ url, authorization: request.headers.authorization });
  const email = url.searchParams.get('email') ?? '';
  if (url.pathname !== '/api/personal-data' || !email.includes('@')) {
    response.writeHead(400, { 'content-type': 'application/problem+json' });
    return response.end(
      JSON.stringify({
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        code: 'validation_error',
        detail: 'Invalid request',
        errors: [{ field: 'email', message: 'Please enter a valid e-mail address.' }],
      }),
    );
  }
  const pdf = url.searchParams.get('format') === 'pdf';
  response.writeHead(200, {
    'content-type': pdf ? 'application/pdf' : 'application/json; charset=utf-8',
    'content-disposition': `attachment; filename="personal-data-2026-11-30.${pdf ? 'pdf' : 'json'}"`,
  });
  response.end(pdf ? '%PDF-1.7\n' : JSON_BODY);
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

const api = () =>
  createPersonalDataApi(
    createTransport({ baseUrl, tokenStore: createMemoryTokenStore({ token: 'a-1', refreshToken: 'r-1' }) }),
  );

describe("a person's data requests", () => {
  it('downloads the JSON under the name the server gives it, the address encoded, with the token', async () => {
    const file = await api().download('ada+gdpr@example.com', 'json');
    expect(file.fileName).toBe('personal-data-2026-11-30.json');
    expect(JSON.parse(await file.blob.text())).toEqual({ email: 'ada+gdpr@example.com', participations: [] });
    const [call] = received;
    // The "+" reaches the server as a plus, not as a space.
    expect(call?.url.search).toBe('?email=ada%2Bgdpr%40example.com&format=json');
    expect(call?.url.searchParams.get('email')).toBe('ada+gdpr@example.com');
    expect(call?.authorization).toBe('Bearer a-1');
  });

  it("asks the PDF in the reader's language and zone", async () => {
    const file = await api().download('ada@example.com', 'pdf', { locale: 'de', timeZone: 'Europe/Berlin' });
    expect(file.fileName).toBe('personal-data-2026-11-30.pdf');
    expect(await file.blob.text()).toBe('%PDF-1.7\n');
    expect(Object.fromEntries(received[0]?.url.searchParams ?? [])).toEqual({
      email: 'ada@example.com',
      format: 'pdf',
      locale: 'de',
      timeZone: 'Europe/Berlin',
    });
  });

  it("says a malformed address with the server's field error", async () => {
    const failure = await api()
      .download('not-an-address', 'json')
      .catch((error: unknown) => error);
    expect(isApiError(failure) && failure.status).toBe(400);
    expect(isApiError(failure) && failure.namedFields).toEqual([
      { field: 'email', message: 'Please enter a valid e-mail address.' },
    ]);
  });

  it('erases with the request as the reason, percent-encoded, and reads back what was erased and kept', async () => {
    const reason = 'demande par courriel du 29/11/2026 — réf. 12';
    const erasure = await api().erase('ada+gdpr@example.com', { reason });
    expect(erasure).toEqual(ERASURE);
    const [call] = received;
    expect(call?.url.pathname).toBe('/api/personal-data/erasure');
    expect(JSON.parse(call?.body ?? '')).toEqual({ email: 'ada+gdpr@example.com' });
    expect(call?.reason).toBe(encodeURIComponent(reason));
    expect(call?.authorization).toBe('Bearer a-1');
  });
});
