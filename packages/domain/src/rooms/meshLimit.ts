// Where the browser mesh ends: each person sends their camera once to every other, so a room's uplinks
// and encoders grow with its size. Past this many people in a room without a media server (JANUS_URL),
// staff see a notice and the server logs a warning. The figure comes from measured per-stream costs
// (`npm run bench -- --only=video`, docs/performance.md "Video through a media server"): at 6 people
// each browser encodes 5 streams and uploads 1.3 Mbps; a 7th pushes a guest's upload past 1.5 Mbps.
export const MESH_PARTICIPANT_LIMIT = 6;

/** Whether a mesh room of this many people (including the one joining) is past what the mesh carries. */
export function beyondMeshLimit(people: number): boolean {
  return people > MESH_PARTICIPANT_LIMIT;
}
