// The bus subjects of a room. Commands and snapshot reads go to the one host (request/reply); committed
// events and ephemeral signals go to every instance with sockets in the room (publish/subscribe).
export const roomSubjects = {
  command: (roomId: number) => `room.${roomId}.cmd`,
  snapshot: (roomId: number) => `room.${roomId}.snapshot`,
  events: (roomId: number) => `room.${roomId}.events`,
  signals: (roomId: number) => `room.${roomId}.signals`,
} as const;
