// The documents' uploads on the transport, against a real (tiny) HTTP server: a multipart body with the
// name and the file, progress through the environment's upload sender when one is given (fetch
// otherwise), and the token's refresh and retry that resends the same form.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AdminDocument } from '@lablive/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDocumentsAdminApi } from './documentsAdminApi.ts';
import { createTransport, type UploadLike } from './httpTransport.ts';
import { createMemoryTokenStore } from './tokenStore.ts';

const stored: AdminDocument = {
  id: 5,
  name: 'Protocol',
  extension: 'pdf',
  content_type: 'application/pdf',
  size_bytes: 8,
  created_at: '2026-11-25T09:00:00.000Z',
  file_name: 'protocol.pdf',
};

type Received = { method: string; url: string; contentType: string; authorization: string; body: string };

class UploadServer {
  readonly server: Server;
  received: Received[] = [];
  /** Access tokens refused as expired (the first call with them). */
  expired = new Set<string>();

  constructor() {
    this.server = createServer((request, response) => void this.handle(request, response));
  }

  async start(): Promise<string> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.close();
    await once(this.server, 'close');
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const authorization = request.headers.authorization ?? '';
    const json = (status: number, payload: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(payload));
    };
    if (request.url === '/api/refreshToken')
      return json(200, { token: 'fresh', refreshToken: 'r-2', expiresIn: 900 });
    this.received.push({
      method: request.method ?? '',
      url: request.url ?? '',
      contentType: request.headers['content-type'] ?? '',
      authorization,
      body: Buffer.concat(chunks).toString('utf8'),
    });
    if (this.expired.delete(authorization.replace(/^Bearer /, ''))) {
      return json(401, {
        type: 'about:blank',
        title: 'Unauthorized',
        status: 401,
        code: 'invalid_token',
        detail: 'Invalid token.',
      });
    }
    return json(request.method === 'POST' ? 201 : 200, stored);
  }
}

let server: UploadServer;
let baseUrl: string;

beforeEach(async () => {
  server = new UploadServer();
  baseUrl = await server.start();
});
afterEach(async () => {
  await server.stop();
});

const file = new Blob(['%PDF-1.4'], { type: 'application/pdf' });

describe('document uploads', () => {
  it('sends the name and the file as multipart/form-data, and parses the stored document', async () => {
    const api = createDocumentsAdminApi(
      createTransport({ baseUrl, tokenStore: createMemoryTokenStore({ token: 'a-1', refreshToken: 'r-1' }) }),
    );
    const created = await api.create('Protocol', file, { fileName: 'protocol.pdf' });
    expect(created).toEqual(stored);
    const [sent] = server.received;
    expect(sent).toMatchObject({ method: 'POST', url: '/api/documents', authorization: 'Bearer a-1' });
    expect(sent?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent?.body).toContain('name="name"\r\n\r\nProtocol\r\n');
    expect(sent?.body).toContain('name="file"; filename="protocol.pdf"');
    expect(sent?.body).toContain('%PDF-1.4');
  });

  it('follows the progress through the upload sender, and resends the form after a refresh', async () => {
    const progress: number[] = [];
    const sender: UploadLike = async (input, init, onProgress) => {
      onProgress({ loaded: 0, total: 8 });
      const response = await fetch(input, init);
      onProgress({ loaded: 8, total: 8 });
      return response;
    };
    const tokenStore = createMemoryTokenStore({ token: 'stale', refreshToken: 'r-1' });
    server.expired.add('stale');
    const api = createDocumentsAdminApi(createTransport({ baseUrl, tokenStore, upload: sender }));
    const replaced = await api.replaceFile(5, file, {
      name: 'Protocol v2',
      fileName: 'v2.pdf',
      onProgress: ({ loaded, total }) => progress.push(loaded / total),
    });
    expect(replaced.id).toBe(5);
    expect(server.received.map((call) => [call.method, call.url, call.authorization])).toEqual([
      ['PUT', '/api/documents/5/file', 'Bearer stale'],
      ['PUT', '/api/documents/5/file', 'Bearer fresh'],
    ]);
    expect(server.received[1]?.body).toContain('Protocol v2');
    expect(progress).toEqual([0, 1, 0, 1]);
  });

  it('sends JSON calls through fetch even with an upload sender', async () => {
    let used = false;
    const sender: UploadLike = async (input, init) => {
      used = true;
      return fetch(input, init);
    };
    const tokenStore = createMemoryTokenStore({ token: 'a-1', refreshToken: 'r-1' });
    const api = createDocumentsAdminApi(createTransport({ baseUrl, tokenStore, upload: sender }));
    await api.rename(5, 'Renamed');
    expect(used).toBe(false);
    expect(server.received[0]).toMatchObject({
      method: 'PUT',
      contentType: 'application/json',
      body: '{"name":"Renamed"}',
    });
  });
});
