// Ephemeral signals (WebRTC offers, answers, ICE candidates, audio levels) between participants of a
// room, relayed over the bus to every instance and never stored.
import type { SignalKind } from '@lablive/protocol';
import { z } from 'zod';
import { type Bus, decodeJson, encodeJson } from '../bus/index.ts';
import { roomSubjects } from '../rooms/roomSubjects.ts';
import type { Member } from './roomFanout.ts';

const signalSchema = z.object({
  roomId: z.number(),
  from: z.number(),
  to: z.number().nullable(),
  kind: z.string(),
  payload: z.unknown(),
});

export type RoomSignals = {
  publish(roomId: number, from: number, to: number | null, kind: SignalKind, payload: unknown): void;
  attach(roomId: number, member: Member): void;
  detach(roomId: number, member: Member): void;
};

export function createRoomSignals(bus: Bus): RoomSignals {
  const rooms = new Map<number, { members: Set<Member>; stop: () => void }>();
  return {
    publish(roomId, from, to, kind, payload) {
      bus.publish(roomSubjects.signals(roomId), encodeJson({ roomId, from, to, kind, payload }));
    },
    attach(roomId, member) {
      let room = rooms.get(roomId);
      if (!room) {
        const members = new Set<Member>();
        const subscription = bus.subscribe(roomSubjects.signals(roomId), (bytes) => {
          const parsed = signalSchema.safeParse(decodeJson(bytes));
          if (!parsed.success) return;
          const signal = parsed.data;
          const frame = JSON.stringify({ type: 'signal', ...signal, to: undefined });
          for (const target of members) {
            const id = target.recipient.participantId;
            if (id === signal.from) continue;
            if (signal.to === null || signal.to === id) target.sender.send(frame);
          }
        });
        room = { members, stop: () => subscription.unsubscribe() };
        rooms.set(roomId, room);
      }
      room.members.add(member);
    },
    detach(roomId, member) {
      const room = rooms.get(roomId);
      if (!room) return;
      room.members.delete(member);
      if (room.members.size === 0) {
        room.stop();
        rooms.delete(roomId);
      }
    },
  };
}
