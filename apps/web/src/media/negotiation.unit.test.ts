// The mesh's negotiation rules: who yields on simultaneous offers, and which connection a signal is for
// when pages reload or connections are rebuilt.
import { describe, expect, it } from 'vitest';
import {
  acceptsAnswer,
  isOfferCollision,
  isPolite,
  type NegotiationFlags,
  offerAction,
  routeSignal,
  shouldIgnoreOffer,
} from './negotiation.ts';

const stable: NegotiationFlags = { makingOffer: false, signalingState: 'stable', settingRemoteAnswer: false };

describe('perfect negotiation roles', () => {
  it('makes the higher participant id polite, and exactly one side of each pair', () => {
    expect(isPolite(7, 3)).toBe(true);
    expect(isPolite(3, 7)).toBe(false);
    for (const [a, b] of [
      [1, 2],
      [40, 12],
      [5, 6],
    ] as const) {
      expect(isPolite(a, b)).not.toBe(isPolite(b, a));
    }
  });

  it('sees a collision when an offer arrives while we make one or wait for an answer', () => {
    expect(isOfferCollision('offer', stable)).toBe(false);
    expect(isOfferCollision('offer', { ...stable, makingOffer: true })).toBe(true);
    expect(isOfferCollision('offer', { ...stable, signalingState: 'have-local-offer' })).toBe(true);
    // Our answer is being applied: we are about to be stable, so the offer can be taken.
    expect(
      isOfferCollision('offer', { ...stable, signalingState: 'have-local-offer', settingRemoteAnswer: true }),
    ).toBe(false);
    expect(isOfferCollision('answer', { ...stable, signalingState: 'have-local-offer' })).toBe(false);
  });

  it('lets the impolite side ignore a colliding offer and the polite side take it', () => {
    const glare = { ...stable, makingOffer: true };
    expect(shouldIgnoreOffer(false, 'offer', glare)).toBe(true);
    expect(shouldIgnoreOffer(true, 'offer', glare)).toBe(false);
    expect(shouldIgnoreOffer(false, 'offer', stable)).toBe(false);
    expect(shouldIgnoreOffer(false, 'answer', glare)).toBe(false);
  });
});

describe('routeSignal', () => {
  it('adopts the first connection of the other side that opens, or that answers ours', () => {
    expect(routeSignal({ local: 'a1', remote: null }, { opens: true, from: 'b1', target: null })).toBe(
      'adopt',
    );
    expect(routeSignal({ local: 'a1', remote: null }, { opens: false, from: 'b1', target: 'a1' })).toBe(
      'adopt',
    );
    expect(routeSignal({ local: 'a1', remote: null }, { opens: false, from: 'b1', target: null })).toBe(
      'drop',
    );
  });

  it('handles what belongs to the current pair', () => {
    expect(routeSignal({ local: 'a1', remote: 'b1' }, { opens: false, from: 'b1', target: 'a1' })).toBe(
      'handle',
    );
    expect(routeSignal({ local: 'a1', remote: 'b1' }, { opens: true, from: 'b1', target: null })).toBe(
      'handle',
    );
  });

  it('rebuilds when the other side opens a new connection (a reload), and drops the old one’s leftovers', () => {
    expect(routeSignal({ local: 'a1', remote: 'b1' }, { opens: true, from: 'b2', target: null })).toBe(
      'reset',
    );
    expect(routeSignal({ local: 'a2', remote: 'b2' }, { opens: false, from: 'b1', target: null })).toBe(
      'drop',
    );
  });

  it('calls stale what was meant for a connection of ours that is gone', () => {
    expect(routeSignal({ local: 'a2', remote: 'b1' }, { opens: true, from: 'b1', target: 'a1' })).toBe(
      'stale',
    );
    expect(routeSignal({ local: 'a2', remote: null }, { opens: false, from: 'b1', target: 'a1' })).toBe(
      'stale',
    );
  });
});

describe('offer rounds', () => {
  it('applies a new offer, answers a repeated one again, ignores an older one', () => {
    expect(offerAction(1, null, 'stable')).toBe('apply');
    expect(offerAction(3, 2, 'stable')).toBe('apply');
    // The other side sent its offer again (it thought it lost): our answer may be what got lost.
    expect(offerAction(2, 2, 'stable')).toBe('repeat-answer');
    expect(offerAction(2, 2, 'have-local-offer')).toBe('ignore');
    expect(offerAction(1, 2, 'stable')).toBe('ignore');
  });

  it('takes only the answer to the offer we wait on', () => {
    expect(acceptsAnswer(4, 4, 'have-local-offer')).toBe(true);
    expect(acceptsAnswer(3, 4, 'have-local-offer')).toBe(false);
    // A second answer to an offer already answered.
    expect(acceptsAnswer(4, 4, 'stable')).toBe(false);
  });
});
