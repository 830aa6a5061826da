// The relay between a media session started with the room token and the room socket still joining:
// against a real WebSocket gateway (the client package's scripted one), two participants' clients.
import { createRealtimeClient, type RealtimeClient } from '@lablive/client';
import { ada, paul, ROOM_ID, ScriptedGateway } from '@lablive/client/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createSignalRelay, RELAY_BUFFER_LIMIT } from './signalRelay.ts';

// One gateway for the file (each test joins with new clients), closed with every client at the end.
let gateway: ScriptedGateway;
const clients: RealtimeClient[] = [];

beforeAll(async () => {
  gateway = new ScriptedGateway();
  await gateway.start();
  for (const [token, who] of [
    ['ada-token', ada],
    ['paul-token', paul],
  ] as const)
    gateway.tokens.set(token, who);
});

afterAll(async () => {
  for (const client of clients.splice(0)) client.close();
  await gateway.stop();
});

function join(token: string) {
  const client = createRealtimeClient({ url: gateway.url, getToken: () => token });
  clients.push(client);
  return client.join(ROOM_ID);
}

type Received = { from: number; kind: string; payload: unknown };

describe('the signal relay', () => {
  it('sends what the media said before the join once the room is joined, in order', async () => {
    const adaRoom = await join('ada-token');
    const received: Received[] = [];
    adaRoom.onSignal((signal) => received.push(signal));
    const relay = createSignalRelay();

    relay.send(ada.participantId, 'webrtc-offer', { round: 1 });
    relay.send(ada.participantId, 'webrtc-ice', { candidate: 'a' });
    relay.attach(await join('paul-token'));

    await vi.waitFor(() =>
      expect(received).toEqual([
        { from: paul.participantId, kind: 'webrtc-offer', payload: { round: 1 } },
        { from: paul.participantId, kind: 'webrtc-ice', payload: { candidate: 'a' } },
      ]),
    );
  });

  it('keeps what the room delivers until the media session listens, then passes signals straight on', async () => {
    const relay = createSignalRelay();
    relay.attach(await join('paul-token'));
    const adaRoom = await join('ada-token');

    const relayed = gateway.messages('signal').length;
    adaRoom.signal(paul.participantId, 'webrtc-offer', { round: 1 });
    await vi.waitFor(() => expect(gateway.messages('signal')).toHaveLength(relayed + 1));
    // Delivered to Paul's client before anyone listens: the relay holds it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const received: Received[] = [];
    relay.onSignal((from, kind, payload) => received.push({ from, kind, payload }));
    adaRoom.signal(paul.participantId, 'webrtc-ice', { candidate: 'b' });

    await vi.waitFor(() =>
      expect(received).toEqual([
        { from: ada.participantId, kind: 'webrtc-offer', payload: { round: 1 } },
        { from: ada.participantId, kind: 'webrtc-ice', payload: { candidate: 'b' } },
      ]),
    );
  });

  it('drops everything once closed, and keeps only the newest signals when far too many wait', async () => {
    const adaRoom = await join('ada-token');
    const received: Received[] = [];
    adaRoom.onSignal((signal) => received.push(signal));

    const flooded = createSignalRelay();
    for (let round = 0; round < RELAY_BUFFER_LIMIT + 10; round++)
      flooded.send(ada.participantId, 'webrtc-offer', { round });
    flooded.attach(await join('paul-token'));
    await vi.waitFor(() => expect(received).toHaveLength(RELAY_BUFFER_LIMIT));
    expect(received[0]?.payload).toEqual({ round: 10 });

    const closed = createSignalRelay();
    closed.send(ada.participantId, 'webrtc-offer', { round: 'late' });
    closed.close();
    closed.attach(await join('paul-token'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toHaveLength(RELAY_BUFFER_LIMIT);
  });
});
