// The client's token handling against a real (tiny) HTTP server: an expired access token is refreshed
// once, the rotated pair is stored and the call retried; concurrent calls share one refresh.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CurrentUser, MESSAGES } from '@lablive/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ApiClient, createApiClient } from './apiClient.ts';
import { ApiError, UnexpectedResponseError } from './apiError.ts';
import { createMemoryTokenStore, type TokenStore } from './tokenStore.ts';

const user: CurrentUser = {
  kind: 'user',
  id: 7,
  email: 'ada@lab.test',
  first_name: 'Ada',
  last_name: 'Lovelace',
  name: 'Ada Lovelace',
  roles: ['admin'],
  permissions: [],
  avatar_url: null,
  locale: 'en',
  lab: {
    id: 1,
    name: 'Lab One',
    modules: ['polls'],
    theme: {
      primaryColor: '#3571ff',
      backgroundColor: '#f8f9fe',
      thirdColor: '#191e4d',
      logoUrl: null,
      headerImageUrl: null,
      waitingRoomImageUrl: null,
    },
  },
  participation: null,
};

/** A stand-in for the auth routes: opaque tokens, rotation on refresh, and counters to assert on. */
class AuthServer {
  readonly server: Server;
  validAccess = new Set<string>();
  validRefresh = new Set<string>(['refresh-0']);
  refreshCalls = 0;
  meCalls = 0;
  logoutBodies: unknown[] = [];
  /** The bearer each sign-in came with ('' for none). */
  loginBearers: string[] = [];
  /** Holds refresh answers back so that calls can pile up behind one refresh. */
  refreshDelayMs = 0;
  meBody: unknown = { user, event_id: null };
  private generation = 0;

  constructor() {
    this.server = createServer((request, response) => void this.handle(request, response));
  }

  async start(): Promise<string> {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    this.server.close();
    await once(this.server, 'close');
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body: unknown = text === '' ? null : JSON.parse(text);
    const bearer = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    const send = (status: number, payload?: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(payload === undefined ? undefined : JSON.stringify(payload));
    };
    const problem = (status: number, code: string, detail: string) =>
      send(status, { type: 'about:blank', title: 'Error', status, code, detail });

    switch (`${request.method} ${request.url}`) {
      case 'POST /api/login': {
        this.loginBearers.push(bearer);
        const link = z.object({ invitation: z.string() }).safeParse(body);
        // A used personal link: the same 401 code an expired access token gets.
        if (link.success)
          return problem(401, 'invalid_token', 'This invitation link is invalid, used or expired.');
        const credentials = z.object({ password: z.string() }).parse(body);
        if (credentials.password !== 'secret') return problem(401, 'unauthenticated', MESSAGES.loginFailed);
        return send(200, { ...this.issuePair(), expiresIn: 900, user, event_id: null });
      }
      case 'GET /api/me':
        this.meCalls += 1;
        if (!this.validAccess.has(bearer)) return problem(401, 'invalid_token', MESSAGES.invalidToken);
        return send(200, this.meBody);
      case 'POST /api/refreshToken': {
        this.refreshCalls += 1;
        const { token } = z.object({ token: z.string() }).parse(body);
        await new Promise((resolve) => setTimeout(resolve, this.refreshDelayMs));
        if (!this.validRefresh.delete(token)) return problem(401, 'invalid_token', MESSAGES.invalidToken);
        return send(200, { ...this.issuePair(), expiresIn: 900 });
      }
      case 'POST /api/logout':
        if (!this.validAccess.has(bearer)) return problem(401, 'invalid_token', MESSAGES.invalidToken);
        this.logoutBodies.push(body);
        return send(204);
      default:
        return problem(404, 'not_found', 'Not found');
    }
  }

  private issuePair() {
    this.generation += 1;
    const pair = { token: `access-${this.generation}`, refreshToken: `refresh-${this.generation}` };
    this.validAccess.add(pair.token);
    this.validRefresh.add(pair.refreshToken);
    return pair;
  }
}

let server: AuthServer;
let store: TokenStore;
let api: ApiClient;

beforeEach(async () => {
  server = new AuthServer();
  const baseUrl = await server.start();
  // An access token the server no longer accepts, with a refresh token it still does.
  store = createMemoryTokenStore({ token: 'expired-access', refreshToken: 'refresh-0' });
  api = createApiClient({ baseUrl: `${baseUrl}/`, tokenStore: store });
});

afterEach(async () => {
  await server.stop();
});

describe('refresh and retry', () => {
  it('refreshes an expired access token, stores the rotated pair and retries the call', async () => {
    const me = await api.me();

    expect(me.user.email).toBe('ada@lab.test');
    expect(server.refreshCalls).toBe(1);
    expect(server.meCalls).toBe(2);
    expect(store.get()).toEqual({ token: 'access-1', refreshToken: 'refresh-1' });
  });

  it('shares one refresh between concurrent calls', async () => {
    server.refreshDelayMs = 50;

    const answers = await Promise.all([api.me(), api.me(), api.me(), api.me()]);

    expect(answers.map((answer) => answer.user.id)).toEqual([7, 7, 7, 7]);
    expect(server.refreshCalls).toBe(1);
    expect(store.get()?.refreshToken).toBe('refresh-1');
  });

  it('does not refresh again for a call that failed with a token another call already replaced', async () => {
    await api.me();
    server.validAccess.delete('access-1');
    store.set({ token: 'access-1', refreshToken: 'refresh-1' });

    await api.me();

    expect(server.refreshCalls).toBe(2);
    expect(store.get()).toEqual({ token: 'access-2', refreshToken: 'refresh-2' });
  });

  it('forgets the pair and reports the expiry when the refresh token is rejected too', async () => {
    server.validRefresh.clear();

    const failure = await api.me().catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, code: 'invalid_token', detail: MESSAGES.invalidToken });
    expect(server.refreshCalls).toBe(1);
    expect(store.get()).toBeNull();
  });

  it('does not try to refresh when no token is stored', async () => {
    store.clear();

    await expect(api.me()).rejects.toMatchObject({ status: 401, code: 'invalid_token' });
    expect(server.refreshCalls).toBe(0);
  });
});

describe('sign-in and sign-out', () => {
  it('stores the pair returned by a password sign-in', async () => {
    store.clear();

    const response = await api.login({ email: 'ada@lab.test', password: 'secret', rememberMe: true });

    expect(response.user.name).toBe('Ada Lovelace');
    expect(store.get()).toEqual({ token: response.token, refreshToken: response.refreshToken });
  });

  it('turns wrong credentials into an ApiError with the spec message and never refreshes', async () => {
    const failure = await api
      .login({ email: 'ada@lab.test', password: 'wrong' })
      .catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, detail: MESSAGES.loginFailed });
    expect(server.refreshCalls).toBe(0);
  });

  it("shows a personal link's sign-in the session held, as it is, and never refreshes on its refusal", async () => {
    const held = await api.login({ email: 'ada@lab.test', password: 'secret' });

    const failure = await api.login({ invitation: 'a-used-link' }).catch((error: unknown) => error);

    expect(failure).toMatchObject({ status: 401, code: 'invalid_token' });
    // The password sign-in showed nothing; the link's showed the held access token, once.
    expect(server.loginBearers).toEqual(['', held.token]);
    expect(server.refreshCalls).toBe(0);
    expect(store.get()).toEqual({ token: held.token, refreshToken: held.refreshToken });
  });

  it('sends the refresh token on sign-out and forgets the stored pair', async () => {
    const { refreshToken } = await api.login({ email: 'ada@lab.test', password: 'secret' });

    await api.logout();

    expect(server.logoutBodies).toEqual([{ refreshToken }]);
    expect(store.get()).toBeNull();
  });
});

describe('answers outside the contract', () => {
  it('rejects a 2xx body that does not match the schema instead of passing it on', async () => {
    server.meBody = { user: { id: 'not a user' }, event_id: null };
    server.validAccess.add('expired-access');

    await expect(api.me()).rejects.toBeInstanceOf(UnexpectedResponseError);
  });

  it('reports a refused connection as a network error', async () => {
    const offline = createApiClient({ baseUrl: 'http://127.0.0.1:9', tokenStore: createMemoryTokenStore() });

    await expect(offline.health()).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});
