// The waiting room while preparing and once ready: permission asked once, the spec's defaults (microphone
// and camera off), missing or refused devices, toggles and device switches with their notices.
import { describe, expect, it } from 'vitest';
import {
  cam1,
  cam2,
  live,
  mic1,
  mic2,
  speaker,
  startWaitingRoom as start,
} from '../testing/waitingRoomHarness.ts';

describe('waiting room: preparing', () => {
  it('asks for both devices once, then starts with the microphone and the camera off, as the spec says', async () => {
    const { actor, calls, ready } = start();
    expect(actor.getSnapshot().matches({ waiting: { media: 'preparing' } })).toBe(true);

    const { context } = await ready();

    expect(calls).toHaveLength(2);
    expect(context.audioEnabled).toBe(false);
    expect(context.videoEnabled).toBe(false);
    // The probe's tracks are stopped: no camera light while the camera is off.
    expect(context.stream?.getTracks().some((track) => track.readyState === 'live')).toBe(false);
    expect(context.devices.videoInputs).toEqual([{ deviceId: 'cam-1', label: 'HD webcam' }]);
    expect(context.audioInputId).toBe('mic-1');
    expect(context.audioOutputId).toBe('default');
  });

  it('keeps the toggles and the devices remembered in the cookies', async () => {
    const { ready, tracks } = start({
      devices: [mic1, mic2, cam1, cam2, speaker],
      preferences: { audioEnabled: true, videoEnabled: true, audioInputId: 'mic-2', videoInputId: 'cam-2' },
    });

    const { context } = await ready();

    expect(context.audioEnabled && context.videoEnabled).toBe(true);
    expect(context.audioInputId).toBe('mic-2');
    expect(tracks('video')[0]?.label).toBe('USB camera');
    expect(live(tracks('audio')[0])).toBe(true);
  });

  it('switches off what is missing and says so; a missing camera keeps the microphone', async () => {
    const { ready, notices, tracks } = start({
      devices: [mic1],
      preferences: { audioEnabled: true, videoEnabled: true },
    });

    const { context } = await ready();

    expect(context.videoEnabled).toBe(false);
    expect(context.audioEnabled).toBe(true);
    expect(live(tracks('audio')[0])).toBe(true);
    expect(notices).toEqual([{ type: 'noCamera' }, { type: 'noAudioOutput' }]);
  });

  it('warns that the devices must be allowed when the browser refuses them', async () => {
    const { ready, notices } = start({
      refuse: { audio: 'NotAllowedError', video: 'NotAllowedError' },
      preferences: { audioEnabled: true },
    });

    const { context } = await ready();

    expect(context.audioEnabled).toBe(false);
    expect(notices).toEqual([{ type: 'devicesAdvised' }]);
  });

  it('names a device that exists but cannot be started', async () => {
    const { ready, notices } = start({
      refuse: { 'cam-1': 'NotReadableError' },
      preferences: { videoEnabled: true },
    });

    expect((await ready()).context.videoEnabled).toBe(false);
    expect(notices).toEqual([{ type: 'sourceFailed', kind: 'videoinput', label: 'HD webcam' }]);
  });
});

describe('waiting room: toggles and device choice', () => {
  it('turns the microphone on and off', async () => {
    const { actor, ready, tracks } = start();
    await ready();

    actor.send({ type: 'device.toggleAudio' });
    expect((await ready()).context.audioEnabled).toBe(true);
    const track = tracks('audio').find((candidate) => candidate.readyState === 'live');
    expect(track?.label).toBe('Desk microphone');

    actor.send({ type: 'device.toggleAudio' });
    expect(actor.getSnapshot().context.audioEnabled).toBe(false);
    expect(track?.readyState).toBe('ended');
  });

  it('says the camera is not detected when there is none to turn on', async () => {
    const { actor, ready, notices } = start({ devices: [mic1, speaker] });
    await ready();
    notices.length = 0;

    actor.send({ type: 'device.toggleVideo' });

    expect(actor.getSnapshot().context.videoEnabled).toBe(false);
    expect(notices).toEqual([{ type: 'cameraNotDetected' }]);
  });

  it('switches the live camera, announcing the update', async () => {
    const { actor, ready, notices, tracks } = start({
      devices: [mic1, cam1, cam2, speaker],
      preferences: { videoEnabled: true },
    });
    await ready();
    const before = tracks('video')[0];

    actor.send({ type: 'device.select', kind: 'videoinput', deviceId: 'cam-2' });
    const { context } = await ready();

    expect(context.videoInputId).toBe('cam-2');
    expect(tracks('video').map((track) => track.label)).toEqual(['USB camera']);
    expect(before?.readyState).toBe('ended');
    expect(notices).toEqual([{ type: 'devicesUpdating' }, { type: 'devicesUpdated' }]);
  });

  it('keeps the old camera when the new one cannot start', async () => {
    const { actor, ready, notices, tracks } = start({
      devices: [mic1, cam1, cam2, speaker],
      refuse: { 'cam-2': 'NotReadableError' },
      preferences: { videoEnabled: true },
    });
    await ready();

    actor.send({ type: 'device.select', kind: 'videoinput', deviceId: 'cam-2' });
    const { context } = await ready();

    expect(context.videoInputId).toBe('cam-1');
    expect(context.videoEnabled).toBe(true);
    expect(live(tracks('video')[0])).toBe(true);
    expect(notices).toContainEqual({ type: 'devicesUpdateFailed' });
    expect(notices).toContainEqual({ type: 'sourceFailed', kind: 'videoinput', label: 'USB camera' });
  });

  it('only remembers a device chosen while its kind is off', async () => {
    const { actor, ready, calls } = start({ devices: [mic1, mic2, cam1, speaker] });
    await ready();
    const asked = calls.length;

    actor.send({ type: 'device.select', kind: 'audioinput', deviceId: 'mic-2' });
    actor.send({ type: 'device.select', kind: 'audiooutput', deviceId: 'default' });

    expect(actor.getSnapshot().context.audioInputId).toBe('mic-2');
    expect(calls).toHaveLength(asked);
  });
});
