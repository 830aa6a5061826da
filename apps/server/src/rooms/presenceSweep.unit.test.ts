// The connections of a dead instance are found by the key in their ids, and only once that instance has
// been missing from the live set for the whole grace period.
import { animator, joined, otherParticipant, participant, stateAfter } from '@lablive/domain/testing';
import { describe, expect, it } from 'vitest';
import {
  createAbsenceClock,
  instanceKeyOf,
  instanceKeysIn,
  newConnectionId,
  orphanedConnections,
} from './presenceSweep.ts';

describe('connection ids', () => {
  it('carry the key of the instance that opened them, and are unique', () => {
    const first = newConnectionId(2_147_483_646);
    const second = newConnectionId(2_147_483_646);
    expect(first).not.toBe(second);
    expect(first.length).toBeLessThanOrEqual(100);
    expect(instanceKeyOf(first)).toBe(2_147_483_646);
    expect(instanceKeyOf(newConnectionId(7))).toBe(7);
  });

  it('of other origins (REST callers, older ids, media servers) have no instance', () => {
    for (const id of ['conn-1', 'c0', '0b5a7c7e-3f39-4f4e-9d25-5a6a3c1f8e6d', '~abc', 'zz!~x', '0~x']) {
      expect(instanceKeyOf(id)).toBeNull();
    }
  });
});

describe('orphaned connections', () => {
  const onLive = newConnectionId(11);
  const onDead = newConnectionId(22);
  const alsoOnDead = newConnectionId(22);
  const state = stateAfter([
    joined(animator, onLive),
    joined(participant, onDead),
    {
      type: 'ParticipantReconnected',
      data: {
        participantId: participant.participantId,
        connectionId: onLive,
        at: '2024-05-14T09:31:00.000Z',
      },
    },
    joined(otherParticipant, alsoOnDead),
  ]);

  it('lists the instances whose connections are in the room', () => {
    expect(instanceKeysIn(state).sort()).toEqual([11, 22]);
  });

  it('are the dead instance’s connections, each with its viewer as the actor', () => {
    const orphans = orphanedConnections(state, (key) => key === 22);
    expect(orphans).toEqual([
      { actor: participant, connectionId: onDead },
      { actor: otherParticipant, connectionId: alsoOnDead },
    ]);
    expect(orphanedConnections(state, () => false)).toEqual([]);
  });
});

describe('absence clock', () => {
  it('says an instance is gone only after the grace period of consecutive misses', () => {
    const clock = createAbsenceClock(1_000);
    clock.observe(new Set([1]), [1, 2], 0);
    expect(clock.isGone(2, 0)).toBe(false);
    clock.observe(new Set([1]), [1, 2], 999);
    expect(clock.isGone(2, 999)).toBe(false);
    clock.observe(new Set([1]), [1, 2], 1_000);
    expect(clock.isGone(2, 1_000)).toBe(true);
    expect(clock.isGone(1, 1_000)).toBe(false);
  });

  it('starts over for an instance seen alive again (a lease connection that came back)', () => {
    const clock = createAbsenceClock(1_000);
    clock.observe(new Set(), [2], 0);
    clock.observe(new Set([2]), [2], 800);
    clock.observe(new Set(), [2], 900);
    expect(clock.isGone(2, 1_500)).toBe(false);
    expect(clock.isGone(2, 1_900)).toBe(true);
  });

  it('forgets everything on reset: this instance lost its own view of who is alive', () => {
    const clock = createAbsenceClock(1_000);
    clock.observe(new Set(), [2], 0);
    clock.reset();
    clock.observe(new Set(), [2], 5_000);
    expect(clock.isGone(2, 5_500)).toBe(false);
  });

  it('forgets an instance no room has connections of', () => {
    const clock = createAbsenceClock(1_000);
    clock.observe(new Set(), [2], 0);
    clock.observe(new Set(), [], 500);
    clock.observe(new Set(), [2], 600);
    expect(clock.isGone(2, 1_200)).toBe(false);
    expect(clock.isGone(2, 1_600)).toBe(true);
  });
});
