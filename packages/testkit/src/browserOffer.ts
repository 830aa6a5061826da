// An SDP offer as a browser publishing its camera makes one, for tests of the media server without a
// browser: Janus answers it (its peer never connects, so no media flows).
import { randomBytes } from 'node:crypto';

/** An offer as a browser makes one: Opus, and VP8 in three simulcast layers (rids l, m, h). */
export function browserOffer(): string {
  const ufrag = randomBytes(4).toString('hex');
  const pwd = randomBytes(12).toString('hex');
  const fingerprint = [...randomBytes(32)]
    .map((b) => b.toString(16).padStart(2, '0').toUpperCase())
    .join(':');
  const common = [
    `a=ice-ufrag:${ufrag}`,
    `a=ice-pwd:${pwd}`,
    'a=ice-options:trickle',
    `a=fingerprint:sha-256 ${fingerprint}`,
    'a=setup:actpass',
    'a=rtcp-mux',
  ];
  return [
    'v=0',
    `o=- ${Date.now()} 2 IN IP4 127.0.0.1`,
    's=-',
    't=0 0',
    'a=group:BUNDLE 0 1',
    'a=msid-semantic: WMS stream',
    'm=audio 9 UDP/TLS/RTP/SAVPF 111',
    'c=IN IP4 0.0.0.0',
    'a=rtcp:9 IN IP4 0.0.0.0',
    ...common,
    'a=mid:0',
    'a=sendonly',
    'a=msid:stream audio',
    'a=rtpmap:111 opus/48000/2',
    'a=fmtp:111 minptime=10;useinbandfec=1',
    'a=ssrc:1001 cname:lablive',
    'm=video 9 UDP/TLS/RTP/SAVPF 96',
    'c=IN IP4 0.0.0.0',
    'a=rtcp:9 IN IP4 0.0.0.0',
    ...common,
    'a=mid:1',
    'a=sendonly',
    'a=msid:stream video',
    'a=rtcp-rsize',
    'a=rtpmap:96 VP8/90000',
    'a=rtcp-fb:96 nack',
    'a=rtcp-fb:96 nack pli',
    'a=rtcp-fb:96 ccm fir',
    'a=extmap:4 urn:ietf:params:rtp-hdrext:sdes:mid',
    'a=extmap:10 urn:ietf:params:rtp-hdrext:sdes:rtp-stream-id',
    'a=rid:l send',
    'a=rid:m send',
    'a=rid:h send',
    'a=simulcast:send l;m;h',
    '',
  ].join('\r\n');
}
