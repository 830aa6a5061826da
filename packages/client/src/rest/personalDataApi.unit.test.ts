// A person's data downloaded for a GDPR request, against a real (tiny) HTTP server: the address, the
// format, the PDF's language and zone go in the query, encoded; the file comes with the name the server
// gives it; a malformed address comes back as the server's field error.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isApiError } from './apiError.ts';
import { createTransport } from './httpTransport.ts';
import { createPersonalDataApi } from './personalDataApi.ts';
import { createMemoryTokenStore } from './tokenStore.ts';

const JSON_BODY = '{"email":"ada+gdpr@example.com","participations":[]}';

type Received = { url: URL; authorization: string | undefined };

let server: Server;
let baseUrl: string;
let received: Received[];

function answer(request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', 'http://localhost');
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
});
