// Test support for the REST calls of rooms: sign in through the API, send authorised requests, and be
// present in a room through the real room socket (what the room's decider needs of an animator).
import { REASON_HEADER } from '@lablive/domain';
import { PROTOCOL_VERSION } from '@lablive/protocol';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { openTestSocket, type TestSocket } from './socketClient.ts';

export async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  const token: unknown = response.json().token;
  if (typeof token !== 'string') throw new Error(`sign-in of ${email} failed: ${response.body}`);
  return token;
}

export type Call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: InjectOptions['payload'],
) => Promise<LightMyRequestResponse>;

/**
 * The reason the suite's changing calls give, as the back office asks one before a deletion or a role
 * change (issue 32). A call refused for lack of one is apps/server/src/audit/auditTrail.int.test.ts's.
 */
export const TEST_REASON = 'Test suite: the change this test makes';

export function caller(app: FastifyInstance): Call {
  return (method, url, token, payload) =>
    app.inject({
      method,
      url,
      headers: {
        authorization: `Bearer ${token}`,
        ...(method === 'GET' ? {} : { [REASON_HEADER]: encodeURIComponent(TEST_REASON) }),
      },
      ...(payload === undefined ? {} : { payload }),
    });
}

/** Opens the room socket as this token and joins the room with `connectionId`. */
export async function joinBySocket(
  wsUrl: string,
  token: string,
  roomId: number,
  connectionId: string,
): Promise<TestSocket> {
  const socket = await openTestSocket(wsUrl);
  socket.send({ type: 'hello', protocolVersion: PROTOCOL_VERSION, token });
  await socket.waitFor((message) => message.type === 'authenticated');
  socket.send({ type: 'join', roomId, connectionId, lastVersion: null });
  await socket.waitFor((message) => message.type === 'welcome' || message.type === 'resumed');
  return socket;
}

/** Listens on a free port and answers the room socket's URL. */
export async function listenForSockets(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return `${address.replace('http', 'ws')}/ws`;
}
