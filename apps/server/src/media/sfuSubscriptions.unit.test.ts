import { describe, expect, it } from 'vitest';
import { videoMid } from './sfuSubscriptions.ts';

describe('videoMid', () => {
  it('names the mid of the video line, whatever comes before it', () => {
    const sdp = [
      'v=0',
      's=-',
      'm=audio 9 UDP/TLS/RTP/SAVPF 111',
      'a=mid:a0',
      'm=video 9 UDP/TLS/RTP/SAVPF 96',
      'a=sendonly',
      'a=mid:v1',
      '',
    ].join('\r\n');
    expect(videoMid(sdp)).toBe('v1');
  });

  it('answers null for a feed without video', () => {
    expect(videoMid(['v=0', 'm=audio 9 UDP/TLS/RTP/SAVPF 111', 'a=mid:0', ''].join('\r\n'))).toBeNull();
  });
});
