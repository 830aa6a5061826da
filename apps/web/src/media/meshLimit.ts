// Where the browser mesh ends (issue 30): the limit is the domain's (MESH_PARTICIPANT_LIMIT, measured);
// the room tells staff only when the mesh carries the room, never with a media server or OpenTok.
import { beyondMeshLimit as beyondLimit, MESH_PARTICIPANT_LIMIT } from '@lablive/domain';

export { MESH_PARTICIPANT_LIMIT };

/** Whether the room holds more people than its mesh carries (never for other providers). */
export function beyondMeshLimit(provider: string, participantCount: number): boolean {
  return provider === 'mesh' && beyondLimit(participantCount);
}
