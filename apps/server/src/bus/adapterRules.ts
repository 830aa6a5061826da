// What both bus adapters do alike, so they cannot drift apart: the payload limit they refuse past,
// and how a subscriber's handler runs (its failure, thrown or rejected, is logged and goes no further).
import type { MessageHandler } from './bus.ts';
import { BusError, describeError } from './errors.ts';

export function checkPayloadSize(payload: Uint8Array, maxPayload: number): void {
  if (payload.byteLength > maxPayload) {
    throw new BusError('payload_too_large', `A payload of ${payload.byteLength} bytes exceeds ${maxPayload}`);
  }
}

export function runSubscriber(
  handler: MessageHandler,
  payload: Uint8Array,
  subject: string,
  log: (line: string) => void,
): void {
  try {
    const result = handler(payload, subject);
    if (result instanceof Promise) {
      result.catch((error: unknown) => log(`handler of ${subject} failed: ${describeError(error)}`));
    }
  } catch (error) {
    log(`handler of ${subject} failed: ${describeError(error)}`);
  }
}
