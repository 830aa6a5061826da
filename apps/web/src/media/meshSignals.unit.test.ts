// The mesh's signals are parsed at the boundary: what another browser sends may be anything.
import { describe, expect, it } from 'vitest';
import { parseMeshSignal } from './meshSignals.ts';
import { framesDecoded } from './videoStats.ts';

const streams = { camera: 'cam', screen: null };

describe('parseMeshSignal', () => {
  it('reads offers, hellos, answers and candidates', () => {
    const offer = { from: 'a1', target: null, description: { type: 'offer', sdp: 'v=0' }, round: 1, streams };
    expect(parseMeshSignal('webrtc-offer', offer)).toEqual({ kind: 'webrtc-offer', ...offer });
    const hello = { from: 'b1', target: null, description: null, round: 0, streams };
    expect(parseMeshSignal('webrtc-offer', hello)).toEqual({ kind: 'webrtc-offer', ...hello });
    const answer = {
      from: 'b1',
      target: 'a1',
      description: { type: 'answer', sdp: 'v=0' },
      round: 1,
      streams,
    };
    expect(parseMeshSignal('webrtc-answer', answer)).toEqual({ kind: 'webrtc-answer', ...answer });
    const ice = {
      from: 'b1',
      target: 'a1',
      candidate: {
        candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host',
        sdpMid: '0',
        sdpMLineIndex: 0,
        usernameFragment: 'u',
      },
    };
    expect(parseMeshSignal('webrtc-ice', ice)).toEqual({ kind: 'webrtc-ice', ...ice });
  });

  it('drops malformed payloads and the kinds that are not the mesh’s', () => {
    expect(
      parseMeshSignal('webrtc-offer', {
        from: 'a1',
        target: null,
        description: { type: 'answer', sdp: '' },
        streams,
      }),
    ).toBeNull();
    expect(
      parseMeshSignal('webrtc-answer', { from: 'b1', target: 'a1', description: null, streams }),
    ).toBeNull();
    expect(parseMeshSignal('webrtc-ice', { from: '', target: null, candidate: null })).toBeNull();
    expect(parseMeshSignal('webrtc-offer', 'v=0')).toBeNull();
    expect(parseMeshSignal('media-state', { audio: true })).toBeNull();
  });
});

describe('framesDecoded', () => {
  const report = new Map<string, unknown>([
    ['in-cam', { type: 'inbound-rtp', kind: 'video', framesDecoded: 120, trackIdentifier: 'cam-track' }],
    ['in-screen', { type: 'inbound-rtp', kind: 'video', framesDecoded: 30, trackIdentifier: 'screen-track' }],
    ['in-audio', { type: 'inbound-rtp', kind: 'audio', trackIdentifier: 'mic-track' }],
    ['out', { type: 'outbound-rtp', kind: 'video', framesEncoded: 500 }],
  ]);

  it('counts decoded frames of the inbound video, or of the given tracks only', () => {
    expect(framesDecoded(report)).toBe(150);
    expect(framesDecoded(report, new Set(['cam-track']))).toBe(120);
    expect(framesDecoded(new Map())).toBe(0);
  });
});
