// Which participant and which role (camera or screen) each received stream has: the mesh's declared
// stream ids, and OpenTok's connection data and videoType.
import { describe, expect, it } from 'vitest';
import { DeviceStartError } from './mediaSession.ts';
import {
  deviceErrorFromOpenTok,
  OPENTOK_PUBLISHING,
  participantIdFromConnectionData,
  publisherProperties,
  remoteEntries,
  screenPublisherProperties,
  subscriberProperties,
} from './opentokMapping.ts';
import { NOTHING_RECEIVED, streamRole, withDeclared, withoutStream, withStream } from './streamRoles.ts';

const camera = { id: 'cam-7' };
const screen = { id: 'screen-7' };

describe('mesh: camera and screen by declared stream id', () => {
  const declared = { camera: 'cam-7', screen: 'screen-7' };

  it('tells the screen from the camera', () => {
    expect(streamRole('screen-7', declared)).toBe('screen');
    expect(streamRole('cam-7', declared)).toBe('camera');
    expect(streamRole('screen-7', { camera: 'cam-7', screen: null })).toBe('camera');
  });

  it('files arriving streams under their role', () => {
    const received = withStream(withStream(NOTHING_RECEIVED, camera, declared), screen, declared);
    expect(received).toEqual({ camera, screen });
  });

  it('forgets the screen once the sender no longer declares it, keeping the camera', () => {
    const received = { camera, screen };
    expect(withDeclared(received, { camera: 'cam-7', screen: null })).toEqual({ camera, screen: null });
    expect(withDeclared(received, declared)).toBe(received);
  });

  it('drops a stream whose last track went away', () => {
    expect(withoutStream({ camera, screen }, 'screen-7')).toEqual({ camera, screen: null });
    expect(withoutStream({ camera, screen }, 'cam-7')).toEqual({ camera: null, screen });
  });
});

describe('opentok: participants from connection data', () => {
  it('reads the participant id the server signs into the token', () => {
    expect(participantIdFromConnectionData('42')).toBe(42);
    expect(participantIdFromConnectionData(' 7 ')).toBe(7);
  });

  it('ignores connections that are not ours', () => {
    for (const data of [undefined, '', '0', '-3', 'abc', '{"id":3}', '1.5', '99999999999999999']) {
      expect(participantIdFromConnectionData(data)).toBeNull();
    }
  });

  it('groups subscribed streams per participant, camera and screen apart, peers first', () => {
    const entries = remoteEntries(
      [3, 5],
      [
        { participantId: 5, videoType: 'camera', stream: 'cam-5' },
        { participantId: 9, videoType: 'camera', stream: 'cam-9' },
        { participantId: 5, videoType: 'screen', stream: 'screen-5' },
        { participantId: null, videoType: 'camera', stream: 'foreign' },
        { participantId: 3, videoType: undefined, stream: null },
      ],
    );
    expect(entries).toEqual([
      { participantId: 3, stream: null, screen: null },
      { participantId: 5, stream: 'cam-5', screen: 'screen-5' },
      { participantId: 9, stream: 'cam-9', screen: null },
    ]);
  });
});

describe('opentok: publishing as the spec says', () => {
  it('publishes with microphone and camera off, noise suppression, echo cancellation, 64 kb/s audio', () => {
    const properties = publisherProperties({
      audioTrack: null,
      videoTrack: null,
      audioEnabled: false,
      videoEnabled: false,
    });
    expect(properties).toMatchObject({
      insertDefaultUI: false,
      publishAudio: false,
      publishVideo: false,
      noiseSuppression: true,
      echoCancellation: true,
      audioBitrate: 64_000,
    });
    expect(OPENTOK_PUBLISHING).toEqual({ audioBitrate: 64_000, videoBitrate: 200_000, volume: 100 });
  });

  it('never claims to publish a device it has no track for', () => {
    const properties = publisherProperties({
      audioTrack: null,
      videoTrack: null,
      audioEnabled: true,
      videoEnabled: true,
    });
    expect(properties.publishAudio).toBe(false);
    expect(properties.publishVideo).toBe(false);
  });

  it('shares the screen without OpenTok UI and hears subscribers at volume 100', () => {
    expect(screenPublisherProperties()).toMatchObject({ videoSource: 'screen', insertDefaultUI: false });
    expect(subscriberProperties()).toEqual({ insertDefaultUI: false, audioVolume: 100 });
  });

  it('turns device errors into DeviceStartError for the toast, and leaves others alone', () => {
    const denied = { name: 'OT_HARDWARE_UNAVAILABLE', message: 'busy' };
    const mapped = deviceErrorFromOpenTok(denied, 'videoinput', 'FaceTime HD');
    expect(mapped).toBeInstanceOf(DeviceStartError);
    expect(mapped).toMatchObject({ kind: 'videoinput', label: 'FaceTime HD' });
    expect(String(mapped)).toContain('Unable to start the video source: FaceTime HD');
    const network = { name: 'OT_CONNECT_FAILED', message: 'no route' };
    expect(deviceErrorFromOpenTok(network, 'audioinput', 'Mic')).toBe(network);
  });
});
