import { describe, expect, it } from 'vitest';
import type { StoredSessionEvent } from './types.ts';
import { createUpcasterRegistry, noUpcasters } from './upcasters.ts';

function stored(type: string, schemaVersion: number, data: unknown): StoredSessionEvent {
  return {
    globalPosition: 1,
    transactionId: '700',
    streamId: 'room-1',
    streamVersion: 1,
    type,
    schemaVersion,
    data,
    metadata: { labId: 1 },
    eventId: '00000000-0000-4000-8000-000000000001',
    occurredAt: new Date('2026-11-21T10:00:00Z'),
  };
}

// ChatMessageSent v1 {text}, v2 {body}, v3 {body, format}.
const registry = createUpcasterRegistry([
  {
    type: 'ChatMessageSent',
    fromVersion: 2,
    upcast: (data) => ({ ...(typeof data === 'object' ? data : {}), format: 'plain' }),
  },
  {
    type: 'ChatMessageSent',
    fromVersion: 1,
    upcast: (data) => ({
      body: typeof data === 'object' && data !== null && 'text' in data ? data.text : '',
    }),
  },
]);

describe('upcaster registry', () => {
  it('brings an event of the first version to the newest shape, one step at a time', () => {
    const event = registry.upcast(stored('ChatMessageSent', 1, { text: 'hi' }));
    expect(event.data).toEqual({ body: 'hi', format: 'plain' });
    expect(event.schemaVersion).toBe(3);
  });

  it('starts from the version the event was written with', () => {
    const event = registry.upcast(stored('ChatMessageSent', 2, { body: 'hi' }));
    expect(event.data).toEqual({ body: 'hi', format: 'plain' });
    expect(event.schemaVersion).toBe(3);
  });

  it('leaves the newest shape, other types, and versions from a newer server as they are', () => {
    const newest = stored('ChatMessageSent', 3, { body: 'hi', format: 'markdown' });
    expect(registry.upcast(newest)).toBe(newest);
    const other = stored('PollStarted', 1, { pollId: 4 });
    expect(registry.upcast(other)).toBe(other);
    const future = stored('ChatMessageSent', 4, { anything: true });
    expect(registry.upcast(future)).toBe(future);
  });

  it('does not change the event it was given', () => {
    const event = stored('ChatMessageSent', 1, { text: 'hi' });
    registry.upcast(event);
    expect(event).toEqual(stored('ChatMessageSent', 1, { text: 'hi' }));
  });

  it('knows the version new events of each type are written with', () => {
    expect(registry.currentVersion('ChatMessageSent')).toBe(3);
    expect(registry.currentVersion('PollStarted')).toBe(1);
    expect(noUpcasters.currentVersion('ChatMessageSent')).toBe(1);
  });

  it('rejects a chain with a gap or two upcasters for one version when it is built', () => {
    expect(() => createUpcasterRegistry([{ type: 'A', fromVersion: 2, upcast: (data) => data }])).toThrow(
      /miss version 1/,
    );
    expect(() =>
      createUpcasterRegistry([
        { type: 'A', fromVersion: 1, upcast: (data) => data },
        { type: 'A', fromVersion: 1, upcast: (data) => data },
      ]),
    ).toThrow(/Two upcasters of A read version 1/);
  });
});
