// Where the browser mesh ends: every publisher sends one stream to every other participant, so above a
// handful of people a browser's upload and CPU no longer carry it. Staff are told in the room (issue
// 30); with a media server (provider `janus`) configured, every room uses it and there is no limit.

/** The most people a mesh room carries reliably; a first value, to be measured and moved to the domain. */
export const MESH_PARTICIPANT_LIMIT = 6;

/** Whether the room holds more people than its mesh carries (never for other providers). */
export function beyondMeshLimit(
  provider: string,
  participantCount: number,
  limit = MESH_PARTICIPANT_LIMIT,
): boolean {
  return provider === 'mesh' && participantCount > limit;
}
