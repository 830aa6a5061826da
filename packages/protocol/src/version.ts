// The version of the room socket protocol. Bumped on every incompatible change; a client speaking
// another version is told so (`incompatible`) and reloads.
export const PROTOCOL_VERSION = 1;

export const INCOMPATIBILITY_REASONS = {
  clientTooOld: 'client_too_old',
  clientTooNew: 'client_too_new',
} as const;
export type IncompatibilityReason = (typeof INCOMPATIBILITY_REASONS)[keyof typeof INCOMPATIBILITY_REASONS];
