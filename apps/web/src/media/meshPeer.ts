// One remote participant of the mesh: the current connection to them (peerLink.ts) and what replaces
// it. Signals are handled one at a time and routed by connection id (negotiation.ts): a reload on the
// other side rebuilds ours, leftovers of replaced connections are dropped. Lost signals are sent again;
// a connection that fails is retried with an ICE restart; one that does not connect in time is
// rebuilt by the impolite side.
import type { SignalKind } from '@lablive/protocol';
import { applyEncodings, syncScreen } from './linkSenders.ts';
import type { Kind, Link, LinkContext, PeerLocal } from './linkTypes.ts';
import { type MeshSignal, opensConnection } from './meshSignals.ts';
import { isPolite, routeSignal } from './negotiation.ts';
import { addCandidate, applyDescription, describe, greet, openLink } from './peerLink.ts';
import { NOTHING_RECEIVED, type Received } from './streamRoles.ts';
import { framesDecoded } from './videoStats.ts';

/** Long enough for a TURN relay on a slow network; a connection not up by then is rebuilt. */
export const CONNECT_TIMEOUT_MS = 12_000;
/** How often what still waits for an answer is sent again. */
export const RETRY_MS = 2_500;

export type MeshPeerOptions = {
  selfId: number;
  remoteId: number;
  configuration: RTCConfiguration;
  local: PeerLocal;
  send(kind: SignalKind, payload: unknown): void;
  onChange(): void;
  onError(error: unknown): void;
  createId(): string;
  /** False when the peer is created for a signal it sent first: no need to announce ourselves. */
  greet?: boolean;
  connectTimeoutMs?: number;
  retryMs?: number;
};

export type MeshPeer = {
  readonly remoteId: number;
  media(): Received<MediaStream>;
  receive(signal: MeshSignal): void;
  localTrackChanged(kind: Kind): void;
  screenChanged(): void;
  cameraFramesDecoded(): Promise<number>;
  close(): void;
};

export function createMeshPeer(options: MeshPeerOptions): MeshPeer {
  const { local, onError } = options;
  const polite = isPolite(options.selfId, options.remoteId);
  const timeoutMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  let unconnectedSince: number | null = Date.now();
  let queue: Promise<void> = Promise.resolve();
  let staleFrom: string | null = null;
  let closed = false;

  const context: LinkContext = {
    polite,
    configuration: options.configuration,
    local,
    send: options.send,
    createId: options.createId,
    onError,
    isCurrent: (link) => !closed && current === link,
    onChange: options.onChange,
    onConnectionState(link, state) {
      if (state === 'connected') unconnectedSince = null;
      else unconnectedSince ??= Date.now();
      if (state === 'failed') link.pc.restartIce();
    },
  };

  async function handle(message: MeshSignal): Promise<void> {
    const opens = opensConnection(message);
    const route = routeSignal({ local: current.id, remote: current.remote }, { ...message, opens });
    if (route === 'stale') {
      // The other side still talks to a connection of ours that is gone: ask it to start again.
      if (polite && opens && staleFrom !== message.from) {
        staleFrom = message.from;
        greet(context, current);
      }
      return;
    }
    if (route === 'drop') return;
    if (route === 'reset') replace(openLink(context));
    const link = current;
    if (route !== 'handle') link.remote = message.from;
    if (message.kind === 'webrtc-ice') return addCandidate(context, link, message.candidate);
    if (message.description === null) {
      // A hello while our offer waits for an answer: the other side was not listening yet when it went
      // (its media session was still starting), so it is sent again, now addressed to that connection.
      // The description sent now carries the candidates gathered meanwhile.
      if (!polite && link.pc.signalingState === 'have-local-offer' && !link.makingOffer)
        describe(context, link);
      return;
    }
    await applyDescription(context, link, {
      description: message.description,
      round: message.round,
      streams: message.streams,
    });
  }

  /**
   * Signals are not queued while the room socket reconnects, so any of them can be lost. Every tick
   * re-sends what is still waiting (an unanswered offer, with the candidates gathered since; a hello
   * nobody answered); the answerer recognises the round and answers again. A connection still not up
   * after the timeout is rebuilt by the impolite side.
   */
  function tick(): void {
    if (closed) return;
    const link = current;
    if (link.pc.connectionState === 'connected') unconnectedSince = null;
    else unconnectedSince ??= Date.now();
    if (!polite && unconnectedSince !== null && Date.now() - unconnectedSince >= timeoutMs) {
      replace(openLink(context));
      return;
    }
    if (link.pc.signalingState === 'have-local-offer' && !link.makingOffer) describe(context, link);
    else if (polite && link.remote === null) greet(context, link);
  }

  function replace(next: Link): void {
    const previous = current;
    current = next;
    previous.pc.close();
    unconnectedSince = Date.now();
    options.onChange();
  }

  let current = openLink(context);
  if (polite && (options.greet ?? true)) greet(context, current);
  const ticker = setInterval(tick, options.retryMs ?? RETRY_MS);

  return {
    remoteId: options.remoteId,
    media: () => (current.failed ? NOTHING_RECEIVED : current.received),
    receive(message) {
      queue = queue.then(() => (closed ? undefined : handle(message))).catch(onError);
    },
    localTrackChanged(kind) {
      const link = current;
      link.senders[kind]
        ?.replaceTrack(local.track(kind))
        .then(() => applyEncodings(link, onError))
        .catch(onError);
    },
    screenChanged: () => syncScreen(context, current),
    async cameraFramesDecoded() {
      const camera = current.received.camera;
      if (camera === null) return 0;
      const ids = new Set(camera.getVideoTracks().map((track) => track.id));
      return framesDecoded(await current.pc.getStats(), ids);
    },
    close() {
      closed = true;
      clearInterval(ticker);
      current.pc.close();
    },
  };
}
