// Sends one JSON request (or one multipart upload) to the API and parses the answer with its zod schema.
// Authenticated calls carry the stored access token; when the server says the token expired (401
// invalid_token), the transport refreshes the pair once (concurrent calls share that refresh), stores it,
// and retries. An upload whose progress is followed goes through the `upload` sender the environment
// gives (XMLHttpRequest in browsers: fetch reports no upload progress), else through fetch.
// For the audit trail (issue 32), a call made with a reason carries it (REASON_HEADER, percent-encoded),
// and every call says the zone the person is in (TIME_ZONE_HEADER), recorded with what they change.
import { isTimeZone, REASON_HEADER, refreshTokenResponseSchema, TIME_ZONE_HEADER } from '@lablive/domain';
import type { z } from 'zod';
import { ApiError, UnexpectedResponseError } from './apiError.ts';
import { type DownloadedFile, fileNameOfDisposition } from './contentDisposition.ts';
import type { TokenPair, TokenStore } from './tokenStore.ts';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export type RequestOptions = {
  signal?: AbortSignal;
  /**
   * Why the caller makes this change, recorded in the audit trail; the server refuses a deletion, an
   * archive or a change of roles or permissions without one (`reasonRequired`).
   */
  reason?: string;
};

/** How much of an upload's body has been sent. */
export type UploadProgress = (sent: { loaded: number; total: number }) => void;

/** Sends a request like fetch, reporting the upload's progress as its body goes out. */
export type UploadLike = (input: string, init: RequestInit, onProgress: UploadProgress) => Promise<Response>;

export type ApiRequest = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** A multipart body, sent as it is (its content type, with the boundary, is the sender's). */
  form?: FormData;
  /** Follows the upload of `form` (where the transport has an `upload` sender). */
  onUploadProgress?: UploadProgress | undefined;
  /** Send the stored access token and refresh it when it has expired. */
  auth: boolean;
  /**
   * Without `auth`: still send the stored access token, if any, as it is (never refreshed, and a call
   * refused is not retried). A sign-in the server may tie to the session this browser already holds.
   */
  carryToken?: boolean;
  signal?: AbortSignal | undefined;
  /** Why the change is made (the audit trail's reason); blank is none. */
  reason?: string | undefined;
};

export type TransportOptions = {
  baseUrl: string;
  tokenStore: TokenStore;
  fetch?: FetchLike;
  /** Sends the uploads whose progress is followed (the browser's XMLHttpRequest); fetch without it. */
  upload?: UploadLike;
  /**
   * The IANA zone the person is in, sent with each call (the browser's by default); a zone the runtime
   * does not know is not sent.
   */
  timeZone?: () => string | undefined;
};

export type Transport = {
  /** A call whose 2xx body is parsed with `schema`. */
  json<T extends z.ZodType>(request: ApiRequest, schema: T): Promise<z.output<T>>;
  /** A call whose 2xx answer carries nothing the caller needs (204). */
  noContent(request: ApiRequest): Promise<void>;
  /** A call whose 2xx answer is a file. */
  blob(request: ApiRequest): Promise<Blob>;
  /** A call whose 2xx answer is a file, with the name the server gives it (`content-disposition`). */
  file(request: ApiRequest): Promise<DownloadedFile>;
  /** A call whose 2xx answer is plain text (a key, a note), as it is. */
  text(request: ApiRequest): Promise<string>;
};

const INVALID_TOKEN = 'invalid_token';
const REFRESH_PATH = '/api/refreshToken';

const browserTimeZone = (): string | undefined => Intl.DateTimeFormat().resolvedOptions().timeZone;

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function createTransport(options: TransportOptions): Transport {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const { tokenStore } = options;
  const timeZone = options.timeZone ?? browserTimeZone;
  let refreshing: Promise<boolean> | null = null;

  async function send(
    call: Pick<ApiRequest, 'method' | 'path' | 'body' | 'form' | 'onUploadProgress' | 'signal' | 'reason'>,
    token: string | null,
  ): Promise<Response> {
    const { body, form, signal } = call;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (form === undefined && body !== undefined) headers['content-type'] = 'application/json';
    if (token !== null) headers.authorization = `Bearer ${token}`;
    const zone = timeZone();
    if (zone !== undefined && isTimeZone(zone)) headers[TIME_ZONE_HEADER] = zone;
    // A header carries Latin-1 only: the reason, in any language, goes percent-encoded.
    const reason = call.reason?.trim();
    if (reason) headers[REASON_HEADER] = encodeURIComponent(reason);
    const init: RequestInit = { method: call.method, headers };
    if (form !== undefined) init.body = form;
    else if (body !== undefined) init.body = JSON.stringify(body);
    if (signal !== undefined) init.signal = signal;
    const url = `${baseUrl}${call.path}`;
    const progress = form === undefined ? undefined : call.onUploadProgress;
    try {
      if (progress !== undefined && options.upload !== undefined)
        return await options.upload(url, init, progress);
      return await fetchImpl(url, init);
    } catch (error) {
      if (signal?.aborted) throw error;
      throw ApiError.network(error);
    }
  }

  /** Trades the stored refresh token for a new pair. False when the session cannot be refreshed. */
  async function refreshPair(stale: TokenPair): Promise<boolean> {
    const response = await send(
      { method: 'POST', path: REFRESH_PATH, body: { token: stale.refreshToken } },
      null,
    );
    const body = await readJson(response);
    if (!response.ok) {
      // A rejected refresh token ends the session; a server or network failure leaves it for a retry.
      if (response.status === 400 || response.status === 401) tokenStore.clear();
      return false;
    }
    const parsed = refreshTokenResponseSchema.safeParse(body);
    if (!parsed.success) throw new UnexpectedResponseError(REFRESH_PATH, parsed.error.issues);
    tokenStore.set({ token: parsed.data.token, refreshToken: parsed.data.refreshToken });
    return true;
  }

  function refreshOnce(stale: TokenPair): Promise<boolean> {
    refreshing ??= refreshPair(stale).finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  /** After an invalid_token answer: true when a newer access token is now stored to retry with. */
  async function renewAfter(usedToken: string): Promise<boolean> {
    if (refreshing !== null) return refreshing;
    const current = tokenStore.get();
    if (current === null) return false;
    // Another call already refreshed while this one was in flight: retry with the new token.
    if (current.token !== usedToken) return true;
    return refreshOnce(current);
  }

  /**
   * Performs the call (with one refresh-and-retry) and returns its 2xx answer read by `read` (JSON by
   * default); an error answer is always read as problem details.
   */
  async function exchange<T>(call: ApiRequest, read: (response: Response) => Promise<T>): Promise<T> {
    const usedToken = call.auth ? (tokenStore.get()?.token ?? null) : null;
    const carried = !call.auth && call.carryToken === true ? (tokenStore.get()?.token ?? null) : null;
    const first = await send(call, usedToken ?? carried);
    if (first.ok) return read(first);
    const error = ApiError.fromResponse(first.status, first.statusText, await readJson(first));
    const expired = usedToken !== null && error.status === 401 && error.code === INVALID_TOKEN;
    if (!expired || !(await renewAfter(usedToken))) throw error;
    const retry = await send(call, tokenStore.get()?.token ?? null);
    if (retry.ok) return read(retry);
    throw ApiError.fromResponse(retry.status, retry.statusText, await readJson(retry));
  }

  return {
    async json(call, schema) {
      const body = await exchange(call, readJson);
      const parsed = schema.safeParse(body);
      if (!parsed.success) throw new UnexpectedResponseError(call.path, parsed.error.issues);
      return parsed.data;
    },
    async noContent(call) {
      await exchange(call, readJson);
    },
    blob: (call) => exchange(call, (response) => response.blob()),
    file: (call) =>
      exchange(call, async (response) => ({
        blob: await response.blob(),
        fileName: fileNameOfDisposition(response.headers.get('content-disposition')),
      })),
    text: (call) => exchange(call, (response) => response.text()),
  };
}
