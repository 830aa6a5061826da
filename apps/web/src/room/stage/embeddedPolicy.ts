// What an embedded page (a media's build in an iframe) is told and allowed: the presentation message it
// receives, the only origin that may receive it, and the sandbox it runs in.
/** The message an embedded page receives on load and on each scene or step change. */
export type PresentationMessage = {
  type: 'lablive.presentation';
  scene: string | null;
  step: number;
  spectator: boolean;
};

/** The page's origin, so the messages go to it and nowhere else; null for an address that is not a URL. */
export function targetOrigin(buildPath: string, base: string): string | null {
  try {
    return new URL(buildPath, base).origin;
  } catch {
    return null;
  }
}

/**
 * Games need scripts and their own storage; but a page served from the room's own origin must not get
 * allow-same-origin, which would let it reach the room (and its token) and lift its own sandbox.
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
