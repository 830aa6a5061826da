// What becomes of a failed negotiation of a `janus` session (the feed list, a publication, a
// subscription): whether it is tried again by itself, and, while the media server cannot be reached,
// the problem() the room shows as a banner (until a negotiation succeeds again).
import { type MediaFailure, mediaFailure, unavailableProblem } from './janusErrors.ts';
import type { MediaRequests, MediaServerUnavailable } from './mediaSession.ts';

/** Not retried by itself: offline waits for the rejoin, a gone feed for the next feed list, a refusal for nothing. */
export const retryAfter = (error: unknown) =>
  !(['offline', 'gone', 'forbidden'] as MediaFailure[]).includes(mediaFailure(error));

export type Reachability = {
  /** A kept negotiation failed: an unreachable media server becomes the problem; every failure is reported. */
  failed(error: unknown): void;
  /** A kept negotiation succeeded: the media server is reachable (again). */
  succeeded(): void;
  problem(): MediaServerUnavailable | null;
};

export type ReachabilityOptions = {
  isClosed: () => boolean;
  /** problem() changed. */
  onChange: () => void;
  onError: (error: unknown) => void;
};

export function createReachability(options: ReachabilityOptions): Reachability {
  let problem: MediaServerUnavailable | null = null;
  return {
    failed(error) {
      if (options.isClosed()) return;
      const unavailable = unavailableProblem(error);
      if (unavailable !== null && problem === null) {
        problem = unavailable;
        options.onChange();
      }
      options.onError(error);
    },
    succeeded() {
      if (problem === null) return;
      problem = null;
      options.onChange();
    },
    problem: () => problem,
  };
}

/** What a kept publication or subscription is negotiated with, and where its outcome goes. */
export type KeptNegotiation = {
  configuration: RTCConfiguration;
  request: MediaRequests['request'];
  failed: Reachability['failed'];
  succeeded: Reachability['succeeded'];
  onError: (error: unknown) => void;
};
