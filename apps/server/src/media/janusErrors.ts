// How janode's failures read to LabLive: Janus's VideoRoom error codes that it acts on, and the one
// error that means "the media server cannot serve this now" (a retry, maybe on another server, may).
/** The media server cannot be reached now, or refused in a way a retry (maybe elsewhere) may fix. */
export class MediaServerUnavailable extends Error {
  constructor(message: string, options?: { cause: unknown }) {
    super(message, options);
    this.name = 'MediaServerUnavailable';
  }
}

/** Janus's VideoRoom error codes that LabLive acts on. */
export const VIDEOROOM_ERRORS = { noSuchRoom: 426, noSuchFeed: 428, roomExists: 427, idExists: 436 } as const;

/** The VideoRoom error code of a failed janode request, if it is one. */
export function videoRoomErrorCode(error: unknown): number | null {
  const code = (error as { _code?: unknown } | null)?._code;
  return typeof code === 'number' ? code : null;
}
