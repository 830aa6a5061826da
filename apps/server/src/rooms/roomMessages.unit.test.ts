import { describe, expect, it } from 'vitest';
import { encodeJson } from '../bus/index.ts';
import { roomCodec, WIRE_FINGERPRINT } from './roomMessages.ts';
import type { RoomEventBatch } from './roomService.ts';

const batch: RoomEventBatch = {
  roomId: 7,
  committedAt: 1_763_700_000_000.25,
  events: [
    {
      version: 12,
      occurredAt: '2026-11-21T10:00:00.000Z',
      event: {
        type: 'ChatMessageSent',
        data: {
          messageId: 'm-1',
          from: { participantId: 3, name: 'Dr Weber' },
          text: 'Bonjour',
          at: '2026-11-21T10:00:00.000Z',
        },
      },
    },
  ],
};

describe('room messages on the bus', () => {
  it('come back as they were sent, without the fingerprint they travel with', () => {
    const bytes = roomCodec.encode(batch);
    expect(JSON.parse(new TextDecoder().decode(bytes))).toMatchObject({ wire: WIRE_FINGERPRINT });
    expect(roomCodec.batch(bytes)).toEqual(batch);
  });

  it('from an instance of other shapes (a deploy under way) are parsed with the schemas', () => {
    const older = { ...batch, wire: 'another-build', extra: 'dropped' };
    expect(roomCodec.batch(encodeJson(older))).toEqual(batch);
    // Without any fingerprint, as instances before it wrote them.
    expect(roomCodec.batch(encodeJson(batch))).toEqual(batch);
  });

  it('from an instance of other shapes are refused when their shape is wrong', () => {
    const broken = { ...batch, events: [{ version: 'twelve', event: { type: 'Nope' } }] };
    expect(() => roomCodec.batch(encodeJson(broken))).toThrow(/version|event/);
    expect(() => roomCodec.batch(encodeJson({ ...broken, wire: 'another-build' }))).toThrow();
    expect(() => roomCodec.envelope(encodeJson({ roomId: -1, wire: 'another-build' }))).toThrow();
  });

  it('are not bytes of JSON: refused', () => {
    expect(() => roomCodec.outcome(new Uint8Array([0xff, 0xfe]))).toThrow();
  });
});
