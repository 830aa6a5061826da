// Device access against a fake navigator.mediaDevices: each kind is asked for on its own so that a
// missing camera keeps the microphone, audio is cleaned up, a forgotten device falls back to the
// default one, and a failure names the device the way the toast shows it.
import { describe, expect, it } from 'vitest';
import { type FakeDevice, FakeStream, fakeMediaDevices } from '../testing/fakeMedia.ts';
import { createDeviceHelpers, groupDevices } from './devices.ts';
import { DeviceStartError } from './mediaSession.ts';

const microphone: FakeDevice = { kind: 'audioinput', deviceId: 'mic-1', label: 'Desk microphone' };
const camera: FakeDevice = { kind: 'videoinput', deviceId: 'cam-1', label: 'HD webcam' };
const speaker: FakeDevice = { kind: 'audiooutput', deviceId: 'default', label: 'Speakers' };

function helpers(devices: FakeDevice[], refuse: Partial<Record<'audio' | 'video', string>> = {}) {
  const fake = fakeMediaDevices(devices, refuse);
  const deviceHelpers = createDeviceHelpers({
    mediaDevices: () => fake.access,
    createStream: (tracks) => new FakeStream(tracks),
  });
  return { ...deviceHelpers, calls: fake.calls };
}

const kindsOf = (stream: MediaStream | null) => stream?.getTracks().map((track) => track.kind) ?? [];

describe('device lists', () => {
  it('groups devices by kind with their labels', async () => {
    const { listDevices } = helpers([microphone, camera, speaker]);

    expect(await listDevices()).toEqual({
      audioInputs: [{ deviceId: 'mic-1', label: 'Desk microphone' }],
      videoInputs: [{ deviceId: 'cam-1', label: 'HD webcam' }],
      audioOutputs: [{ deviceId: 'default', label: 'Speakers' }],
    });
  });

  it('drops the communications alias and repeated ids but counts devices not yet allowed', () => {
    const lists = groupDevices([
      { kind: 'audioinput', deviceId: 'default', label: 'Default - Desk microphone' },
      { kind: 'audioinput', deviceId: 'communications', label: 'Communications - Desk microphone' },
      { kind: 'audioinput', deviceId: 'default', label: 'Default - Desk microphone' },
      { kind: 'videoinput', deviceId: '', label: '' },
      { kind: 'videoinput', deviceId: '', label: '' },
    ]);

    expect(lists.audioInputs).toHaveLength(1);
    expect(lists.videoInputs).toHaveLength(2);
  });

  it('is empty where the browser gives no access', async () => {
    const none = createDeviceHelpers({
      mediaDevices: () => null,
      createStream: (tracks) => new FakeStream(tracks),
    });

    expect(await none.listDevices()).toEqual({ audioInputs: [], videoInputs: [], audioOutputs: [] });
  });
});

describe('local stream', () => {
  it('asks for each kind on its own, with noise suppression and echo cancellation', async () => {
    const { openLocalStream, calls } = helpers([microphone, camera]);

    const { stream, errors } = await openLocalStream({
      audio: true,
      video: true,
      audioInputId: 'mic-1',
      videoInputId: null,
    });

    expect(errors).toEqual([]);
    expect(kindsOf(stream)).toEqual(['audio', 'video']);
    expect(calls).toHaveLength(2);
    expect(calls[0]).toEqual({
      audio: { deviceId: { exact: 'mic-1' }, noiseSuppression: true, echoCancellation: true },
    });
    expect(calls[1]?.audio).toBeUndefined();
  });

  it('keeps the microphone when there is no camera', async () => {
    const { openLocalStream } = helpers([microphone]);

    const { stream, errors } = await openLocalStream({
      audio: true,
      video: true,
      audioInputId: null,
      videoInputId: null,
    });

    expect(kindsOf(stream)).toEqual(['audio']);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(DeviceStartError);
    expect(errors[0]?.kind).toBe('videoinput');
  });

  it('falls back to the default device when the remembered one is gone', async () => {
    const { openLocalStream, calls } = helpers([microphone, camera]);

    const { stream, errors } = await openLocalStream({
      audio: false,
      video: true,
      audioInputId: null,
      videoInputId: 'unplugged-camera',
    });

    expect(errors).toEqual([]);
    expect(stream?.getVideoTracks()[0]?.label).toBe('HD webcam');
    expect(calls).toHaveLength(2);
  });

  it('names the device that could not be started', async () => {
    const { openLocalStream } = helpers([microphone, camera], { video: 'NotReadableError' });

    const { stream, errors } = await openLocalStream({
      audio: false,
      video: true,
      audioInputId: null,
      videoInputId: 'cam-1',
    });

    expect(stream).toBeNull();
    expect(errors[0]?.label).toBe('HD webcam');
    expect(errors[0]?.message).toBe('Unable to start the video source: HD webcam');
  });

  it('asks for nothing when nothing is wanted', async () => {
    const { openLocalStream, calls } = helpers([microphone, camera]);

    const result = await openLocalStream({
      audio: false,
      video: false,
      audioInputId: null,
      videoInputId: null,
    });

    expect(result).toEqual({ stream: null, errors: [] });
    expect(calls).toHaveLength(0);
  });
});
