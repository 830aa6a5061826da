// The waiting room over time: devices unplugged or plugged in, the role staff choose on the server, and
// joining (only when devices and room are ready; never without a room id).

import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { DEFAULT_MEDIA_PREFERENCES } from '../media/mediaPreferences.ts';
import { takeLocalStream } from '../media/streamHandoff.ts';
import { FakeTrack } from '../testing/fakeMedia.ts';
import {
  cam1,
  cam2,
  mic1,
  mic2,
  RUNNING_SESSION,
  speaker,
  startWaitingRoom as start,
} from '../testing/waitingRoomHarness.ts';

describe('waiting room: plugging devices', () => {
  it('moves to another camera when the live one is unplugged', async () => {
    const { actor, ready, notices, plugged, tracks, announceChange } = start({
      devices: [mic1, cam1, cam2, speaker],
      preferences: { videoEnabled: true },
    });
    await ready();
    notices.length = 0;

    const track = tracks('video')[0];
    if (track instanceof FakeTrack) track.unplug();
    plugged.splice(plugged.indexOf(cam1), 1);
    announceChange();
    await waitFor(
      actor,
      (s) => s.context.videoInputId === 'cam-2' && s.matches({ waiting: { media: { ready: 'idle' } } }),
    );

    expect(actor.getSnapshot().context.videoEnabled).toBe(true);
    expect(tracks('video')[0]?.label).toBe('USB camera');
    expect(notices).toEqual([{ type: 'deviceUnplugged', kind: 'videoinput' }]);
  });

  it('switches the microphone off when the last one is unplugged, and notices a new one', async () => {
    const { actor, ready, notices, plugged, tracks, announceChange } = start({
      preferences: { audioEnabled: true },
    });
    await ready();
    notices.length = 0;

    const track = tracks('audio')[0];
    if (track instanceof FakeTrack) track.unplug();
    plugged.splice(plugged.indexOf(mic1), 1);
    announceChange();
    await waitFor(actor, (s) => !s.context.audioEnabled);
    expect(notices).toEqual([{ type: 'deviceUnplugged', kind: 'audioinput' }, { type: 'noAudioInput' }]);

    plugged.push(mic2);
    announceChange();
    await waitFor(actor, () => notices.length === 3);
    expect(notices[2]).toEqual({ type: 'deviceDetected', kind: 'audioinput' });
    expect(actor.getSnapshot().context.audioInputId).toBe('mic-2');
  });
});

describe('waiting room: role and join', () => {
  it('lets staff change their role on the server, and shows a refusal', async () => {
    const { actor, loaded, roleCalls } = start({
      loadRoom: () =>
        Promise.resolve({ eventId: 7, participationId: 5, role: 'animator', session: RUNNING_SESSION }),
      updateRole: (_, role) =>
        role === 'observer'
          ? Promise.resolve(role)
          : Promise.reject(
              new Error(
                'Only managers (manage events) can give the animator, observer or observer-animator role.',
              ),
            ),
    });
    await loaded();

    actor.send({ type: 'role.change', role: 'observer' });
    expect(actor.getSnapshot().matches({ waiting: { room: 'savingRole' } })).toBe(true);
    expect((await loaded()).context.participation?.role).toBe('observer');

    actor.send({ type: 'role.change', role: 'observer-animator' });
    const { context } = await waitFor(actor, (s) => s.context.roleError !== null);
    expect(context.participation?.role).toBe('observer');
    expect(context.roleError?.detail).toContain('Only managers');
    expect(roleCalls).toEqual([
      { participationId: 5, role: 'observer' },
      { participationId: 5, role: 'observer-animator' },
    ]);
  });

  it('gives a plain participant no role to choose', async () => {
    const { actor, loaded, roleCalls } = start();
    await loaded();

    actor.send({ type: 'role.change', role: 'animator' });

    expect(actor.getSnapshot().matches({ waiting: { room: 'loaded' } })).toBe(true);
    expect(roleCalls).toEqual([]);
  });

  it('joins once devices and room are ready: saves the preferences and hands the live preview to the room', async () => {
    const { actor, ready, loaded, saved, tracks } = start({ preferences: { videoEnabled: true } });
    actor.send({ type: 'room.join' });
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
    await ready();
    await loaded();
    const camera = tracks('video')[0];

    actor.send({ type: 'room.join' });

    expect(actor.getSnapshot().matches('joining')).toBe(true);
    expect(actor.getSnapshot().status).toBe('done');
    expect(saved).toEqual([
      {
        ...DEFAULT_MEDIA_PREFERENCES,
        videoEnabled: true,
        audioInputId: 'mic-1',
        videoInputId: 'cam-1',
        audioOutputId: 'default',
      },
    ]);
    // The camera keeps running: the room takes the same stream over instead of opening it again.
    expect(camera?.readyState).toBe('live');
    expect(takeLocalStream()?.getVideoTracks()).toEqual([camera]);
    expect(takeLocalStream()).toBeNull();
  });

  it('blocks joining, without a word, when there is no room id', async () => {
    const { actor, ready } = start({ roomId: null });
    await ready();

    actor.send({ type: 'room.join' });

    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ waiting: { room: 'unavailable' } })).toBe(true);
    expect(snapshot.context.roomError).toBeNull();
  });

  it('keeps the error of a room that cannot be opened and does not join', async () => {
    const { actor, ready } = start({
      loadRoom: () => Promise.reject(new Error('You are not a participant of this event.')),
    });
    await ready();
    const { context } = await waitFor(actor, (s) => s.matches({ waiting: { room: 'failed' } }));

    actor.send({ type: 'room.join' });

    expect(context.roomError?.detail).toBe('You are not a participant of this event.');
    expect(actor.getSnapshot().matches('waiting')).toBe(true);
  });
});

describe('between two sessions', () => {
  const ended = { status: 'ended', number: 1, closed: false } as const;

  it('keeps a guest waiting until the animator starts the next session, then lets them join', async () => {
    const room = start({
      loadRoom: () =>
        Promise.resolve({ eventId: 7, participationId: 41, role: 'participant', session: ended }),
    });
    await room.ready();
    await waitFor(room.actor, (s) => s.matches({ waiting: { room: 'betweenSessions' } }));
    expect(room.actor.getSnapshot().can({ type: 'room.join' })).toBe(false);
    expect(room.watchingSession()).toBe(true);

    room.announceSession({ status: 'started', number: 2, closed: false });

    await room.loaded();
    expect(room.watchingSession()).toBe(false);
    expect(room.actor.getSnapshot().can({ type: 'room.join' })).toBe(true);
  });

  it('lets an animator in at once: they start the next session', async () => {
    const room = start({
      loadRoom: () => Promise.resolve({ eventId: 7, participationId: 5, role: 'animator', session: ended }),
    });
    await room.ready();
    await room.loaded();
    expect(room.actor.getSnapshot().can({ type: 'room.join' })).toBe(true);
  });

  it('tells whoever comes that a closed event is over, and lets nobody in', async () => {
    for (const role of ['participant', 'animator'] as const) {
      const room = start({
        loadRoom: () =>
          Promise.resolve({ eventId: 7, participationId: 5, role, session: { ...ended, closed: true } }),
      });
      await room.ready();
      await waitFor(room.actor, (s) => s.matches({ waiting: { room: 'eventClosed' } }));
      expect(room.actor.getSnapshot().can({ type: 'room.join' })).toBe(false);
      expect(room.watchingSession()).toBe(false);
    }
  });
});
