// The browser's sender of uploads whose progress is followed: fetch says nothing while a request body
// goes out, XMLHttpRequest does (its `upload.onprogress`). Answers a standard Response, so the REST
// transport reads it like any other; an abort and a network failure reject as fetch's would.
import type { UploadLike } from '@lablive/client';

/** The headers of `getAllResponseHeaders()` (`name: value` lines). */
function responseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}

const abortError = () => new DOMException('The upload was aborted.', 'AbortError');

export const xhrUpload: UploadLike = (input, init, onProgress) =>
  new Promise<Response>((resolve, reject) => {
    const { signal } = init;
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const body = init.body ?? null;
    if (body instanceof ReadableStream) {
      reject(new TypeError('A streamed body cannot be uploaded with progress.'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(init.method ?? 'POST', input);
    new Headers(init.headers).forEach((value, name) => {
      xhr.setRequestHeader(name, value);
    });
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => {
      // A 204 (and the like) carries no body, and a Response refuses one for it.
      const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
      resolve(
        new Response(empty ? null : xhr.responseText, {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: responseHeaders(xhr.getAllResponseHeaders()),
        }),
      );
    };
    xhr.onerror = () => reject(new TypeError('The upload could not reach the server.'));
    xhr.onabort = () => reject(abortError());
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
