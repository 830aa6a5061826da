// The signed-in calls every API area makes, over the transport: read, send a body (JSON or a form),
// delete, download a file. Each answer is parsed with the schema given; the token is the transport's.
// Every call takes the same options: its signal, and the reason of the change (the audit trail's).
import type { z } from 'zod';
import type { DownloadedFile } from './contentDisposition.ts';
import type { RequestOptions, Transport, UploadProgress } from './httpTransport.ts';

export type UploadOptions = RequestOptions & { onProgress?: UploadProgress };

/** What of a call's options the transport carries. */
export const carried = ({ signal, reason }: RequestOptions) => ({ signal, reason });

export function authorizedCalls(transport: Transport) {
  return {
    get: <T extends z.ZodType>(path: string, schema: T, options: RequestOptions = {}) =>
      transport.json({ method: 'GET', path, auth: true, ...carried(options) }, schema),
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
      return transport.json({ method, path, ...content, auth: true, ...carried(options) }, schema);
    },
    remove: (path: string, options: RequestOptions = {}) =>
      transport.noContent({ method: 'DELETE', path, auth: true, ...carried(options) }),
    /** A file (the call needs the session's token, which a plain link cannot carry). */
    download: (path: string, options: RequestOptions = {}): Promise<Blob> =>
      transport.blob({ method: 'GET', path, auth: true, ...carried(options) }),
    /** A file with the name the server gives it, for a file whose name only the server knows. */
    downloadNamed: (path: string, options: RequestOptions = {}): Promise<DownloadedFile> =>
      transport.file({ method: 'GET', path, auth: true, ...carried(options) }),
  };
}

export type AuthorizedCalls = ReturnType<typeof authorizedCalls>;
