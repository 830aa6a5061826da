// Sockets flushed in one pass that hold the same frames write one shared payload, built once; a socket
// holding something else (its own acknowledgement) gets its own without costing the others theirs.
import { describe, expect, it } from 'vitest';
import { createPayloadCache, encodePayload } from './sharedPayloads.ts';

const chat = '{"type":"events","roomId":1,"events":[{"version":7}]}';
const ack = '{"type":"ack","commandId":"c-1","version":7}';

describe('shared payloads', () => {
  it('sends one frame as it is and several as a JSON array of messages', () => {
    expect(encodePayload([chat]).toString()).toBe(chat);
    expect(JSON.parse(encodePayload([chat, ack]).toString())).toEqual([JSON.parse(chat), JSON.parse(ack)]);
  });

  it('builds the payload of the same frames once per pass, whatever sockets with other frames come between', () => {
    const payloads = createPayloadCache();
    const shared = payloads.payloadFor([chat]);
    const withAck = payloads.payloadFor([chat, ack]);
    expect(withAck).not.toBe(shared);
    // A separate list with equal frames (another socket's pending list) finds the same Buffer.
    expect(payloads.payloadFor([`${chat}`])).toBe(shared);
    for (let other = 0; other < 20; other++) payloads.payloadFor([chat, `{"n":${other}}`]);
    expect(payloads.payloadFor([chat])).toBe(shared);
    expect(payloads.payloadFor([ack, chat]).toString()).toBe(`[${ack},${chat}]`);
  });

  it('keeps nothing beyond its pass', () => {
    const payloads = createPayloadCache();
    const first = payloads.payloadFor([chat]);
    payloads.clear();
    const next = payloads.payloadFor([chat]);
    expect(next).not.toBe(first);
    expect(next.equals(first)).toBe(true);
  });
});
