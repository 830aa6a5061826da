// How a media request fails, as the browser is told: a refusal with the protocol's code (MEDIA_ERRORS),
// or the media server being unavailable (janusServer.ts's MediaServerUnavailable, retried by the client).
import { MEDIA_ERRORS } from '@lablive/protocol';
import { MediaServerUnavailable, VIDEOROOM_ERRORS, videoRoomErrorCode } from './janusErrors.ts';

/** A request the member refuses, with the protocol's code. */
export class MediaRefusal extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'MediaRefusal';
    this.code = code;
  }
}

/** Janus refusing a request for this room or feed is a refusal; anything else is the server failing. */
export function refusalOf(error: unknown, what: string): Error {
  if (error instanceof MediaRefusal || error instanceof MediaServerUnavailable) return error;
  const code = videoRoomErrorCode(error);
  if (code === VIDEOROOM_ERRORS.noSuchFeed)
    return new MediaRefusal(MEDIA_ERRORS.notFound, `That feed is not published (any more): cannot ${what}.`);
  if (code !== null)
    return new MediaRefusal(
      'invalid_message',
      `The media server refused to ${what}: ${(error as Error).message}`,
    );
  return new MediaServerUnavailable(`The media server failed to ${what}: ${String(error)}`, { cause: error });
}
