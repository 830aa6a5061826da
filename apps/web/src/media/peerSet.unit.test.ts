// setPeers: the connections opened and closed when the room's viewers change.
import { describe, expect, it } from 'vitest';
import { diffPeers } from './peerSet.ts';

const none = new Set<number>();

describe('diffPeers', () => {
  it('connects to everyone else at first, never to ourselves, once per participant', () => {
    expect(diffPeers({ selfId: 2, current: [], next: [1, 2, 3, 3], spared: none })).toEqual({
      add: [1, 3],
      remove: [],
    });
  });

  it('connects to newcomers and closes the ones who left, keeping the others', () => {
    expect(diffPeers({ selfId: 2, current: [1, 3, 4], next: [2, 3, 5, 1], spared: none })).toEqual({
      add: [5],
      remove: [4],
    });
  });

  it('changes nothing when the viewers are the same', () => {
    expect(diffPeers({ selfId: 1, current: [2, 3], next: [3, 2], spared: none })).toEqual({
      add: [],
      remove: [],
    });
  });

  it('keeps a peer that signalled before our room state listed it', () => {
    expect(diffPeers({ selfId: 1, current: [2, 9], next: [2], spared: new Set([9]) })).toEqual({
      add: [],
      remove: [],
    });
  });

  it('closes everything when the room empties', () => {
    expect(diffPeers({ selfId: 1, current: [2, 3], next: [1], spared: none })).toEqual({
      add: [],
      remove: [2, 3],
    });
  });
});
