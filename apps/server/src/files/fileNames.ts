// The name of an uploaded file as we keep it (to show, never to find the file: the store's keys are
// ours). What the client sent is only a hint: no folders (`../../etc/passwd` is `passwd`), no control or
// invisible characters, no leading dots, a bounded length, and the extension of the type detected in
// its bytes rather than the one it claimed.

const MAX_BASE_LENGTH = 120;

/** Characters a file name never keeps: controls, and those Windows refuses in a name. */
const UNSAFE = /[\p{Cc}\p{Cf}<>:"|?*]/gu;

/** `report.pdf` → `report`; `.bashrc` has no extension to drop. */
function withoutExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/**
 * The file's name to keep: the last segment of what was sent (either slash), cleaned, without its own
 * extension, followed by `extension` (the detected type's). Nothing usable left is `document`.
 */
export function sanitizeFileName(sent: string | undefined, extension: string): string {
  const lastSegment = (sent ?? '').normalize('NFC').split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment
    .replace(UNSAFE, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '');
  let base = withoutExtension(cleaned).replace(/[.\s]+$/, '');
  // Cut by code points, never in the middle of a surrogate pair.
  base = Array.from(base).slice(0, MAX_BASE_LENGTH).join('').trim();
  if (base === '') base = 'document';
  return extension ? `${base}.${extension}` : base;
}
