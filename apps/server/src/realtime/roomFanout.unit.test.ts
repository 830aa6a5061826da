// The fan-out never leaves a hole in what a socket receives: a live batch past the next version a socket
// needs (a publish lost when a host died) sends it to the log for the gap first; what arrives meanwhile
// waits; duplicates (a new host republishing the stream's head) are dropped. A large busy room hands its
// batches over on a cadence, a lone batch at once.
import { type DeliveredEvent, serverMessageSchema } from '@lablive/protocol';
import { describe, expect, it, vi } from 'vitest';
import type { RoomEventBatch, RoomService } from '../rooms/roomService.ts';
import { type CadencePolicy, createRoomFanout, type Member } from './roomFanout.ts';

const event = (version: number): DeliveredEvent => ({
  version,
  occurredAt: '2026-11-21T10:00:00.000Z',
  event: {
    type: 'ChatMessageSent',
    data: {
      messageId: `m${version}`,
      from: { participantId: 1, name: 'Ana' },
      text: `#${version}`,
      at: '2026-11-21T10:00:00.000Z',
    },
  },
});

function setUp(log: DeliveredEvent[], cadence?: CadencePolicy) {
  let publish: (batch: RoomEventBatch) => void = () => {};
  const rooms: RoomService = {
    execute: () => Promise.reject(new Error('unused')),
    snapshot: () => Promise.reject(new Error('unused')),
    newConnectionId: () => 'unused',
    onCutOff: () => {},
    follow(_roomId, onBatch) {
      publish = onBatch;
      return { stop: () => {} };
    },
  };
  const reads: number[] = [];
  let release: () => void = () => {};
  const readGate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fanout = createRoomFanout(rooms, {
    ...(cadence ? { cadence } : {}),
    roomLog: {
      page: async (_roomId, from, limit) => {
        reads.push(from);
        await readGate;
        return log.filter((item) => item.version >= from).slice(0, limit);
      },
    },
  });
  const member = (lastSent: number) => {
    const frames: string[] = [];
    const entry: Member = {
      recipient: { participantId: 2, isAnimator: false },
      sender: { send: (frame) => frames.push(frame), close: () => {} },
      lastSent,
      backlog: [],
    };
    fanout.attach(1, entry);
    fanout.goLive(1, entry);
    const versions = () =>
      frames.flatMap((frame) => {
        const message = serverMessageSchema.parse(JSON.parse(frame));
        return message.type === 'events' ? message.events.map((item) => item.version) : [];
      });
    return { entry, versions };
  };
  return {
    publish: (...versions: number[]) => publish({ roomId: 1, events: versions.map(event) }),
    member,
    reads,
    release,
  };
}

describe('room fan-out', () => {
  it('reads a gap from the log, holds later batches meanwhile, and drops duplicates', async () => {
    const log = [1, 2, 3, 4, 5, 6, 7].map(event);
    const room = setUp(log);
    const socket = room.member(2);
    room.publish(5);
    room.publish(6);
    expect(socket.versions()).toEqual([]);
    expect(room.reads).toEqual([3]);
    room.release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    room.publish(6, 7);
    room.publish(7);
    expect(socket.versions()).toEqual([3, 4, 5, 6, 7]);
    expect(socket.entry.backlog).toBeNull();
  });

  it('shares one read between sockets with the same gap, and passes contiguous batches straight on', async () => {
    const room = setUp([1, 2, 3, 4].map(event));
    const first = room.member(1);
    const second = room.member(1);
    room.publish(2);
    expect(first.versions()).toEqual([2]);
    room.publish(4);
    expect(room.reads).toEqual([3]);
    room.release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(first.versions()).toEqual([2, 3, 4]);
    expect(second.versions()).toEqual([2, 3, 4]);
  });

  it('hands a large room its batches at once when quiet, and gathered once per cadence while busy', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const room = setUp([], { intervalMs: 20, minMembers: 2 });
      const first = room.member(0);
      const second = room.member(0);
      room.publish(1);
      expect(first.versions()).toEqual([1]);
      vi.advanceTimersByTime(5);
      room.publish(2);
      room.publish(3);
      expect(first.versions()).toEqual([1]);
      vi.advanceTimersByTime(15);
      expect(first.versions()).toEqual([1, 2, 3]);
      expect(second.versions()).toEqual([1, 2, 3]);
      vi.advanceTimersByTime(100);
      room.publish(4);
      expect(second.versions()).toEqual([1, 2, 3, 4]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('hands a small room every batch at once', () => {
    const room = setUp([], { intervalMs: 20, minMembers: 3 });
    const first = room.member(0);
    room.member(0);
    room.publish(1);
    room.publish(2);
    expect(first.versions()).toEqual([1, 2]);
  });
});
