// The rates one socket may send at (docs/protocol.md): commands, signals and problem reports, each a
// token bucket of its own, so a burst of one kind never starves the others.
import { PROTOCOL_LIMITS } from '@lablive/protocol';
import { createTokenBucket, type TokenBucket } from '../limits/tokenBucket.ts';

export type SocketLimits = { commands: TokenBucket; signals: TokenBucket; reports: TokenBucket };

export function createSocketLimits(): SocketLimits {
  return {
    commands: createTokenBucket(PROTOCOL_LIMITS.commandsPerSecond, PROTOCOL_LIMITS.commandBurst),
    signals: createTokenBucket(PROTOCOL_LIMITS.signalsPerSecond, PROTOCOL_LIMITS.signalBurst),
    reports: createTokenBucket(PROTOCOL_LIMITS.reportsPerMinute / 60, PROTOCOL_LIMITS.reportBurst),
  };
}
