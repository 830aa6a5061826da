// What an embedded page (a media's build or page in an iframe) is told and allowed, and what the room
// takes from it: the postMessage protocol of docs/protocol.md ("Embedding a media"). The room sends the
// presentation (scene, step) and the spectator flag; the page may report its load (progress, ready) or
// its failure. Messages are taken only from the room's own frame, at the origin the page runs in.

/** The message an embedded page receives on load, on each scene or step change, and once it is ready. */
export type PresentationMessage = {
  type: 'lablive.presentation';
  scene: string | null;
  step: number;
  spectator: boolean;
};

/** What an embedded page may tell the room. */
export type FrameMessage =
  | { type: 'lablive.progress'; percent: number }
  | { type: 'lablive.ready' }
  | { type: 'lablive.error'; message: string };

/**
 * How long after its load event the room waits for a page that has said nothing before taking it as
 * loaded (a page that does not speak the protocol, such as an old game). A page that reports its load
 * sends its first `lablive.progress` before that, and is then waited for until 100 % or ready.
 */
export const SILENT_PAGE_GRACE_MS = 1000;

/** The page's origin, so the messages go to it and nowhere else; null for an address that is not a URL. */
export function targetOrigin(buildPath: string, base: string): string | null {
  try {
    return new URL(buildPath, base).origin;
  } catch {
    return null;
  }
}

/**
 * Games need scripts and their own storage; but a page served from the room's own origin (an uploaded
 * build) must not get allow-same-origin, which would let it reach the room (and its token) and lift its
 * own sandbox. The server's Content-Security-Policy sandboxes such builds the same way.
 */
export function sandboxFor(pageOrigin: string | null, roomOrigin: string): string {
  const base = 'allow-scripts allow-forms allow-popups allow-pointer-lock';
  return pageOrigin !== null && pageOrigin !== roomOrigin ? `${base} allow-same-origin` : base;
}

/**
 * Where presentation messages may go: the page's own origin; a page of the room's origin runs in an
 * opaque origin (no allow-same-origin), which only '*' reaches. The message holds nothing secret.
 */
export function messageTarget(pageOrigin: string | null, roomOrigin: string): string {
  return pageOrigin !== null && pageOrigin !== roomOrigin ? pageOrigin : '*';
}

/**
 * Whether a message's origin is the one the room's frame runs in: the page's own origin, or `null` (an
 * opaque origin) for a page of the room's origin, sandboxed without allow-same-origin. The caller also
 * checks that the message comes from its frame's window.
 */
export function acceptsFrameOrigin(
  messageOrigin: string,
  pageOrigin: string | null,
  roomOrigin: string,
): boolean {
  if (pageOrigin === null) return false;
  return pageOrigin === roomOrigin ? messageOrigin === 'null' : messageOrigin === pageOrigin;
}

const MAX_ERROR_LENGTH = 300;

/** A message of the protocol, or null for anything else a page may post (its own messages, noise). */
export function parseFrameMessage(data: unknown): FrameMessage | null {
  if (typeof data !== 'object' || data === null || !('type' in data)) return null;
  switch (data.type) {
    case 'lablive.progress': {
      const percent = 'percent' in data ? data.percent : undefined;
      return typeof percent === 'number' && Number.isFinite(percent)
        ? { type: 'lablive.progress', percent }
        : null;
    }
    case 'lablive.ready':
      return { type: 'lablive.ready' };
    case 'lablive.error': {
      const message = 'message' in data && typeof data.message === 'string' ? data.message : '';
      return { type: 'lablive.error', message: message.slice(0, MAX_ERROR_LENGTH) };
    }
    default:
      return null;
  }
}
