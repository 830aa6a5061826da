// The signed-in calls every API area makes, over the transport: read, send a body, delete. Each answer
// is parsed with the schema given; the token is the transport's.
import type { z } from 'zod';
import type { RequestOptions, Transport } from './httpTransport.ts';

export function authorizedCalls(transport: Transport) {
  return {
    get: <T extends z.ZodType>(path: string, schema: T, options: RequestOptions = {}) =>
      transport.json({ method: 'GET', path, auth: true, signal: options.signal }, schema),
    send: <T extends z.ZodType>(
      method: 'POST' | 'PUT',
      path: string,
      body: unknown,
      schema: T,
      options: RequestOptions = {},
    ) => transport.json({ method, path, body, auth: true, signal: options.signal }, schema),
    remove: (path: string, options: RequestOptions = {}) =>
      transport.noContent({ method: 'DELETE', path, auth: true, signal: options.signal }),
  };
}
