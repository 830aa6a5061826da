// Sizes the gateway enforces per connection. A message over the limit is refused with a code, never
// parsed. (The bound on a socket's unsent bytes, past which it is closed 4008, is the server's own:
// clients need not know it. It is realtime/socketSender.ts's DEFAULT_SEND_QUEUE_BYTES, 1 MiB.)
export const PROTOCOL_LIMITS = {
  /** Largest client message accepted, in bytes (a chat message or notes fit with room to spare). */
  maxClientMessageBytes: 64 * 1024,
  /** Largest payload of an ephemeral signal (a WebRTC offer with many candidates fits). */
  maxSignalPayloadBytes: 32 * 1024,
  /** Commands per connection per second, averaged over a burst. */
  commandsPerSecond: 20,
  commandBurst: 40,
  /**
   * Commands per participant per second in a room, whatever their sockets and instances (the room's host
   * counts them): the same as one connection, so more sockets do not mean more commands.
   */
  participantCommandsPerSecond: 20,
  participantCommandBurst: 40,
  /** Signals per connection per second (ICE candidates and audio levels come in bursts). */
  signalsPerSecond: 100,
  signalBurst: 200,
  /** Problem reports per connection (video or connection errors for the server's log): a few a minute. */
  reportsPerMinute: 6,
  reportBurst: 10,
  /** Longest report message kept. */
  reportMessage: 500,
  /** Events sent in one catch-up page while resuming. */
  resumePageSize: 500,
} as const;

/** WebSocket close codes of the gateway (4000-4999 are the application's). */
export const CLOSE_CODES = {
  /** The socket did not keep up (more than 1 MiB unsent); reconnect and resume from the last version. */
  slowConsumer: 4008,
  /** The token is missing, invalid or expired; refresh it and reconnect. */
  unauthorized: 4001,
  /** The client speaks another protocol version; reload the application. */
  incompatible: 4002,
  /** This instance is stopping; reconnect (the load balancer sends you elsewhere) and resume. */
  goingAway: 4003,
  /** No hello within the time allowed. */
  helloTimeout: 4004,
} as const;
