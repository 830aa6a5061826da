// The signed-in calls every API area makes, over the transport: read, send a body (JSON or a form),
// delete, download a file. Each answer is parsed with the schema given; the token is the transport's.
import type { z } from 'zod';
import type { RequestOptions, Transport, UploadProgress } from './httpTransport.ts';

export type UploadOptions = RequestOptions & { onProgress?: UploadProgress };

export function authorizedCalls(transport: Transport) {
  return {
    get: <T extends z.ZodType>(path: string, schema: T, options: RequestOptions = {}) =>
      transport.json({ method: 'GET', path, auth: true, signal: options.signal }, schema),
    /** A JSON body, or a multipart form (a `FormData`) whose upload `options.onProgress` follows. */
    send: <T extends z.ZodType>(
      method: 'POST' | 'PUT',
      path: string,
      body: unknown,
      schema: T,
      options: UploadOptions = {},
    ) => {
      const content =
        body instanceof FormData ? { form: body, onUploadProgress: options.onProgress } : { body };
      return transport.json({ method, path, ...content, auth: true, signal: options.signal }, schema);
    },
    remove: (path: string, options: RequestOptions = {}) =>
      transport.noContent({ method: 'DELETE', path, auth: true, signal: options.signal }),
    /** A file (the call needs the session's token, which a plain link cannot carry). */
    download: (path: string, options: RequestOptions = {}): Promise<Blob> =>
      transport.blob({ method: 'GET', path, auth: true, signal: options.signal }),
  };
}

export type AuthorizedCalls = ReturnType<typeof authorizedCalls>;
