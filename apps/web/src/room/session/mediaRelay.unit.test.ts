// The media relay: a janus session's requests made before the join wait for it, then go through the
// room handle; closing rejects what waits. Against the client package's scripted gateway.
import { createRealtimeClient, type RealtimeClient } from '@lablive/client';
import { ada, ROOM_ID, ScriptedGateway } from '@lablive/client/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMediaRelay } from './mediaRelay.ts';

let gateway: ScriptedGateway;
const clients: RealtimeClient[] = [];

beforeAll(async () => {
  gateway = new ScriptedGateway();
  await gateway.start();
  gateway.tokens.set('ada-token', ada);
  gateway.mediaReply = (request) =>
    request.action === 'feeds'
      ? { result: { feeds: [{ feed: 3, participantId: 2, source: 'camera' }] } }
      : null;
});

afterAll(async () => {
  for (const client of clients.splice(0)) client.close();
  await gateway.stop();
});

function join() {
  const client = createRealtimeClient({ url: gateway.url, getToken: () => 'ada-token' });
  clients.push(client);
  return client.join(ROOM_ID);
}

describe('the media relay', () => {
  it('sends a request made before the join once the room is joined, and hears the rejoins', async () => {
    const relay = createMediaRelay();
    const feeds = relay.request({ action: 'feeds' });
    const rejoined = vi.fn();
    relay.onRejoin(rejoined);

    const room = await join();
    relay.attach(room);

    await expect(feeds).resolves.toEqual({ feeds: [{ feed: 3, participantId: 2, source: 'camera' }] });
    gateway.drop();
    await vi.waitFor(() => expect(rejoined).toHaveBeenCalledTimes(1));
  });

  it('rejects what waits for the join when closed, and anything after', async () => {
    const relay = createMediaRelay();
    const waiting = relay.request({ action: 'feeds' });
    relay.close();

    await expect(waiting).rejects.toMatchObject({ code: 'left' });
    await expect(relay.request({ action: 'feeds' })).rejects.toMatchObject({ code: 'left' });
  });
});
