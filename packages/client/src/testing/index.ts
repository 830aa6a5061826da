// Test support of the client: a scripted gateway that plays the server's side of the room socket.
// Never exported by the client's product entry.
export * from './scriptedGateway.ts';
