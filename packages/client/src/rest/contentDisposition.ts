// The name a server gives a downloaded file, read from its `content-disposition` header (RFC 6266):
// `filename*=UTF-8''…` (percent-encoded, any language) over `filename="…"` or `filename=…`. Only the
// last path segment is kept, so a name can never point the browser at another folder.

/** A file as an API call answers it: its bytes and the name the server gives it, if any. */
export type DownloadedFile = { blob: Blob; fileName: string | null };

const EXTENDED = /(?:^|;)\s*filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i;
const QUOTED = /(?:^|;)\s*filename\s*=\s*"((?:[^"\\]|\\.)*)"/i;
const TOKEN = /(?:^|;)\s*filename\s*=\s*([^";\s][^;]*)/i;

function lastSegment(name: string): string | null {
  const segment = name.split(/[/\\]/).pop()?.trim() ?? '';
  return segment === '' || segment === '.' || segment === '..' ? null : segment;
}

function decodeExtended(charset: string, value: string): string | null {
  if (charset.trim().toLowerCase() !== 'utf-8') return null;
  try {
    return decodeURIComponent(value.trim());
  } catch {
    return null;
  }
}

/** The file name a `content-disposition` header gives; null when it gives none that can be used. */
export function fileNameOfDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = EXTENDED.exec(header);
  const decoded = extended ? decodeExtended(extended[1] ?? '', extended[2] ?? '') : null;
  if (decoded !== null) return lastSegment(decoded);
  const quoted = QUOTED.exec(header);
  if (quoted) return lastSegment((quoted[1] ?? '').replace(/\\(.)/g, '$1'));
  const token = TOKEN.exec(header);
  return token ? lastSegment(token[1] ?? '') : null;
}
