// The client/server protocol of the room WebSocket. Bumped on every incompatible change; a client of
// another version is told so and reloads.
export const PROTOCOL_VERSION = 1;
