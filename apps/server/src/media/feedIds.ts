// Feed ids at the media server are LabLive's, never the browser's: a participant's camera and screen
// have ids made from their participant id, so nobody can publish under another's name, and Janus's own
// logs and admin pages read as LabLive's participants.
import type { MediaSource } from '@lablive/protocol';

const SOURCE_OFFSET: Record<MediaSource, number> = { camera: 1, screen: 2 };

/** The feed id of a participant's source. */
export function feedId(participantId: number, source: MediaSource): number {
  return participantId * 10 + SOURCE_OFFSET[source];
}

/** Whose feed this is, and which source; null for a feed LabLive did not name. */
export function feedOwner(feed: number): { participantId: number; source: MediaSource } | null {
  const offset = feed % 10;
  const source = (Object.keys(SOURCE_OFFSET) as MediaSource[]).find((s) => SOURCE_OFFSET[s] === offset);
  return source ? { participantId: Math.floor(feed / 10), source } : null;
}
