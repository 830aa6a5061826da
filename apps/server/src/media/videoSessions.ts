// The video session a room token opens, from the provider this server runs: OpenTok when its keys are
// configured, Janus (our selective forwarding unit, signalled through the room socket) when JANUS_URL
// is, otherwise the browser mesh signalled over our WebSocket. Browsers get the ICE servers of
// ICE_SERVERS (STUN/TURN) for the mesh and Janus. The web client picks its media implementation from
// `session.provider`.
/// <reference path="./opentok.d.ts" />
import { type EventRole, type IceServer, isAnimator, mayPublish, type RoomSession } from '@lablive/domain';
import OpenTok from 'opentok';

export type VideoConfig = {
  opentok: { apiKey: string; apiSecret: string } | null;
  iceServers: readonly IceServer[];
  /** A media server runs beside this instance (JANUS_URL): rooms' video goes through it. */
  janus?: boolean;
  /** How long OpenTok may take to create a session before the token call gives up. */
  opentokTimeoutMs?: number;
};

export type SessionRequest = {
  /** The room's OpenTok session when one was created before. */
  existingSessionId: string | null;
  /** Records a new session on the room and answers the one to use (another request may have won). */
  keepSession(sessionId: string): Promise<string>;
  participantId: number;
  role: EventRole;
  sessionName: string;
  now: Date;
};

/** The provider could not give a session or a token; `cause` says why, for the log. */
export class VideoProviderError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'VideoProviderError';
  }
}

export type VideoProvider = {
  kind: RoomSession['provider'];
  openSession(request: SessionRequest): Promise<RoomSession>;
};

function createOpenTokProvider(
  keys: { apiKey: string; apiSecret: string },
  timeoutMs: number,
): VideoProvider {
  const client = new OpenTok(keys.apiKey, keys.apiSecret, { timeout: timeoutMs });
  // Routed through OpenTok's media servers: rooms hold more people than a peer-to-peer mesh carries.
  const createSession = () =>
    new Promise<string>((resolve, reject) => {
      client.createSession({ mediaMode: 'routed' }, (error, session) => {
        if (error || !session) reject(error ?? new Error('OpenTok returned no session'));
        else resolve(session.sessionId);
      });
    });
  return {
    kind: 'opentok',
    async openSession(request) {
      let sessionId = request.existingSessionId;
      if (sessionId === null) {
        let created: string;
        try {
          created = await createSession();
        } catch (cause) {
          throw new VideoProviderError('OpenTok could not create the session', { cause });
        }
        sessionId = await request.keepSession(created);
      }
      let sessionToken: string;
      try {
        sessionToken = client.generateToken(sessionId, {
          // Moderators may mute and disconnect others: the animators' powers of the live-room spec.
          role: isAnimator(request.role) ? 'moderator' : 'publisher',
          data: String(request.participantId),
        });
      } catch (cause) {
        throw new VideoProviderError('OpenTok could not sign the token', { cause });
      }
      return {
        provider: 'opentok',
        apiKey: keys.apiKey,
        sessionId,
        sessionToken,
        sessionName: request.sessionName,
        datetime: request.now.toISOString(),
      };
    },
  };
}

function createMeshProvider(iceServers: readonly IceServer[]): VideoProvider {
  return {
    kind: 'mesh',
    async openSession(request) {
      return {
        provider: 'mesh',
        sessionName: request.sessionName,
        datetime: request.now.toISOString(),
        iceServers: [...iceServers],
      };
    },
  };
}

/** Through the media server: the token says whether the server will let this role publish. */
function createJanusProvider(iceServers: readonly IceServer[]): VideoProvider {
  return {
    kind: 'janus',
    async openSession(request) {
      return {
        provider: 'janus',
        sessionName: request.sessionName,
        datetime: request.now.toISOString(),
        iceServers: [...iceServers],
        mayPublish: mayPublish(request.role),
      };
    },
  };
}

export function createVideoProvider(config: VideoConfig): VideoProvider {
  if (config.opentok) return createOpenTokProvider(config.opentok, config.opentokTimeoutMs ?? 10_000);
  return config.janus ? createJanusProvider(config.iceServers) : createMeshProvider(config.iceServers);
}
