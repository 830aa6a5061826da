// When staff are told that the mesh may fail: above its limit, and only in a mesh room.
import { describe, expect, it } from 'vitest';
import { beyondMeshLimit, MESH_PARTICIPANT_LIMIT } from './meshLimit.ts';

describe('the mesh limit', () => {
  it('is passed above the limit, not at it', () => {
    expect(beyondMeshLimit('mesh', MESH_PARTICIPANT_LIMIT)).toBe(false);
    expect(beyondMeshLimit('mesh', MESH_PARTICIPANT_LIMIT + 1)).toBe(true);
  });

  it('never applies to a room carried by a media server or OpenTok', () => {
    expect(beyondMeshLimit('janus', 100)).toBe(false);
    expect(beyondMeshLimit('opentok', 100)).toBe(false);
  });
});
