// Error codes the gateway answers with (besides the room's own rejection codes on `rejected`).
export const PROTOCOL_ERRORS = {
  invalidJson: 'invalid_json',
  invalidMessage: 'invalid_message',
  unknownType: 'unknown_type',
  messageTooLarge: 'message_too_large',
  notAuthenticated: 'not_authenticated',
  alreadyAuthenticated: 'already_authenticated',
  invalidToken: 'invalid_token',
  roomNotFound: 'room_not_found',
  notAllowedInRoom: 'not_allowed_in_room',
  notJoined: 'not_joined',
  rateLimited: 'rate_limited',
  roomUnavailable: 'room_unavailable',
  /** Too many commands wait for the room's host (or for this instance's hosts): retry with backoff. */
  overloaded: 'overloaded',
  internal: 'internal',
} as const;
export type ProtocolErrorCode = (typeof PROTOCOL_ERRORS)[keyof typeof PROTOCOL_ERRORS];
