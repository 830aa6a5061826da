// The pure rules of the mesh's signalling: who is polite in a pair, when an incoming offer collides
// with ours ("perfect negotiation", W3C WebRTC 1.0 section 10.7), and which incarnation of the remote
// peer connection a signal belongs to, so a reloaded page or a rebuilt connection never mixes its
// descriptions with the previous one's.

/**
 * The polite side yields on collision: it rolls its own offer back and takes the other's. Fixed by the
 * participant ids so both ends agree without talking. The impolite side (lower id) is the one that
 * opens the connection with the first offer.
 */
export function isPolite(selfId: number, remoteId: number): boolean {
  return selfId > remoteId;
}

export type NegotiationFlags = {
  makingOffer: boolean;
  signalingState: RTCSignalingState;
  /** An answer is being applied: the connection is about to be stable again, so an offer can follow. */
  settingRemoteAnswer: boolean;
};

/** An incoming offer collides with one we are making or have made and not yet seen answered. */
export function isOfferCollision(type: 'offer' | 'answer', flags: NegotiationFlags): boolean {
  if (type !== 'offer') return false;
  const readyForOffer =
    !flags.makingOffer && (flags.signalingState === 'stable' || flags.settingRemoteAnswer);
  return !readyForOffer;
}

/** The impolite side ignores a colliding offer: the polite side will take ours instead. */
export function shouldIgnoreOffer(
  polite: boolean,
  type: 'offer' | 'answer',
  flags: NegotiationFlags,
): boolean {
  return !polite && isOfferCollision(type, flags);
}

/**
 * An offer of round `round` from the current remote connection: apply it; or, when it is the one we
 * answered last (sent again because the other side thought it lost), send that answer again; or ignore
 * an older one.
 */
export function offerAction(
  round: number,
  answeredRound: number | null,
  signalingState: RTCSignalingState,
): 'apply' | 'repeat-answer' | 'ignore' {
  if (answeredRound === null || round > answeredRound) return 'apply';
  return round === answeredRound && signalingState === 'stable' ? 'repeat-answer' : 'ignore';
}

/** Only the answer to the offer we are waiting on is applied; a repeated or late one is not. */
export function acceptsAnswer(round: number, offerRound: number, signalingState: RTCSignalingState): boolean {
  return signalingState === 'have-local-offer' && round === offerRound;
}

/** Ids of the two ends' current RTCPeerConnection objects, carried by every signal. */
export type Incarnations = { local: string; remote: string | null };

export type SignalAddress = {
  /** Offers and hellos open or renegotiate a connection; answers and candidates only continue one. */
  opens: boolean;
  /** The sender's connection id. */
  from: string;
  /** The connection of ours the sender meant, or null when it does not know it yet. */
  target: string | null;
};

/**
 * What to do with a signal:
 * - `handle`: it belongs to the current pair of connections;
 * - `adopt`: the first signal of the remote connection: remember its id, then handle it;
 * - `reset`: the remote started a new connection (reload, rebuild): rebuild ours, then handle it;
 * - `stale`: meant for a connection of ours that no longer exists;
 * - `drop`: from a remote connection we already replaced, or a continuation with no connection to continue.
 */
export type SignalRoute = 'handle' | 'adopt' | 'reset' | 'stale' | 'drop';

export function routeSignal(ids: Incarnations, signal: SignalAddress): SignalRoute {
  if (signal.target !== null && signal.target !== ids.local) return 'stale';
  if (ids.remote === signal.from) return 'handle';
  if (ids.remote === null) return signal.opens || signal.target === ids.local ? 'adopt' : 'drop';
  return signal.opens ? 'reset' : 'drop';
}
