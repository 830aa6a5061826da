// The WebRTC side of the video benchmark, run inside Chromium pages (no LabLive web app: bare
// RTCPeerConnections, so 32 viewers fit on a 2-core machine). Injected with page.addInitScript; the Node
// side (rtcPage.ts) calls `globalThis.benchRtc` and carries the SDPs over LabLive's room socket.
// Descriptions are sent whole once ICE gathering is over: Janus speaks non-trickle SDP, and the mesh part
// does the same for simplicity (the web app trickles its mesh candidates instead).
(() => {
  /** Past this, a description goes with the candidates it has (apps/web's ICE_GATHERING_TIMEOUT_MS). */
  const ICE_GATHERING_TIMEOUT_MS = 3000;
  /**
   * The fake camera's size. Chromium sends no more simulcast layers than the camera's size carries (two
   * for 640x480: the top one is never encoded), so the camera is opened at twice the wanted full
   * picture and every layer scaled down once more: 160x120, 320x240 and 640x480 as with 4/2/1 of a
   * 640x480 camera, and the full picture stays cheap enough to decode 32 times on this machine.
   */
  const CAMERA = { width: 1280, height: 960 };
  /**
   * The media server's camera layers at the bitrates of apps/web/src/media/janusEncodings.ts, HIGHEST
   * first: Debian's Janus (1.1) numbers substreams in the offer's rid order from the top (as its own
   * janus.js sends h, m, l), so with l, m, h a viewer asking for layer 2 got the 160x120 picture and
   * one asking for layer 0 the 640x480 one (measured here first).
   */
  const SIMULCAST_LAYERS = [
    { rid: 'h', scaleResolutionDownBy: 2, maxBitrate: 900_000 },
    { rid: 'm', scaleResolutionDownBy: 4, maxBitrate: 300_000 },
    { rid: 'l', scaleResolutionDownBy: 8, maxBitrate: 100_000 },
  ];
  /**
   * What the mesh sends each peer (apps/web/src/media/sendEncoding.ts): 200 kbps of video at 320x240
   * and 64 kbps of sound.
   */
  const MESH_VIDEO = { maxBitrate: 200_000, scaleResolutionDownBy: 4 };
  const AUDIO = { maxBitrate: 64_000 };

  /** Every connection of this page by the Node side's id. */
  const connections = new Map();
  let camera = null;

  /** The fake camera and microphone, opened once and shared by every sending connection. */
  async function openCamera() {
    camera ??= navigator.mediaDevices.getUserMedia({
      video: { width: { exact: CAMERA.width }, height: { exact: CAMERA.height } },
      audio: true,
    });
    return camera;
  }

  function iceGathered(connection) {
    if (connection.iceGatheringState === 'complete') return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(done, ICE_GATHERING_TIMEOUT_MS);
      connection.addEventListener('icegatheringstatechange', () => {
        if (connection.iceGatheringState === 'complete') done();
      });
    });
  }

  /** VP8 first, as the media server's rooms forward VP8 only (apps/web's preferVp8). */
  function preferVp8(transceiver) {
    const codecs = RTCRtpSender.getCapabilities('video')?.codecs ?? [];
    const type = (codec) => codec.mimeType.toLowerCase();
    const vp8 = codecs.filter((codec) => type(codec) === 'video/vp8');
    transceiver.setCodecPreferences([...vp8, ...codecs.filter((codec) => type(codec) !== 'video/vp8')]);
  }

  function connection(id) {
    const found = connections.get(id);
    if (!found) throw new Error(`no connection ${id}`);
    return found;
  }

  async function sendingOffer(id, videoEncodings) {
    const stream = await openCamera();
    const pc = new RTCPeerConnection();
    connections.set(id, pc);
    const [audio] = stream.getAudioTracks();
    const [video] = stream.getVideoTracks();
    pc.addTransceiver(audio, { direction: 'sendonly', streams: [stream], sendEncodings: [AUDIO] });
    const videoLine = pc.addTransceiver(video, {
      direction: 'sendonly',
      streams: [stream],
      sendEncodings: videoEncodings,
    });
    preferVp8(videoLine);
    // A busy machine makes WebRTC shrink the picture or drop the top layers (CPU adaptation): frames
    // are dropped instead, so each layer keeps its size and the viewers' figures stay comparable.
    const parameters = videoLine.sender.getParameters();
    parameters.degradationPreference = 'maintain-resolution';
    await videoLine.sender.setParameters(parameters);
    await pc.setLocalDescription(await pc.createOffer());
    await iceGathered(pc);
    return pc.localDescription.sdp;
  }

  /** The video inbound-rtp or outbound-rtp entries of a connection's stats. */
  async function videoRtp(pc, type) {
    const found = [];
    (await pc.getStats()).forEach((entry) => {
      if (entry.type === type && entry.kind === 'video') found.push(entry);
    });
    return found;
  }

  globalThis.benchRtc = {
    /** An offer publishing the camera to the media server: VP8 in three simulcast layers, and Opus. */
    publishOffer: (id) => sendingOffer(id, SIMULCAST_LAYERS),
    /** An offer sending the camera to one mesh peer, as the web app's mesh does. */
    meshOffer: (id) => sendingOffer(id, [MESH_VIDEO]),

    async acceptAnswer(id, sdp) {
      await connection(id).setRemoteDescription({ type: 'answer', sdp });
    },

    /** A receiving connection's answer to an offer (the media server's, or a mesh peer's). */
    async answerOffer(id, sdp) {
      const pc = new RTCPeerConnection();
      connections.set(id, pc);
      await pc.setRemoteDescription({ type: 'offer', sdp });
      await pc.setLocalDescription(await pc.createAnswer());
      await iceGathered(pc);
      return pc.localDescription.sdp;
    },

    /**
     * The wall-clock time (Date.now(), the Node side's clock too) when the connection first reports a
     * decoded video frame, polled every 10 ms; null after `timeoutMs`.
     */
    async firstFrameAt(id, timeoutMs) {
      const pc = connection(id);
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const decoded = (await videoRtp(pc, 'inbound-rtp')).some((entry) => entry.framesDecoded > 0);
        if (decoded) return Date.now();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return null;
    },

    /** Per receiving connection: frames decoded so far and the size of the last one. */
    async received(ids) {
      return Promise.all(
        ids.map(async (id) => {
          const [entry] = await videoRtp(connection(id), 'inbound-rtp');
          return {
            id,
            framesDecoded: entry?.framesDecoded ?? 0,
            width: entry?.frameWidth ?? 0,
            height: entry?.frameHeight ?? 0,
          };
        }),
      );
    },

    /** Frames encoded so far, by each sending connection's layer (rid, or '' without simulcast). */
    async sent(ids) {
      return Promise.all(
        ids.map(async (id) => ({
          id,
          layers: (await videoRtp(connection(id), 'outbound-rtp')).map((entry) => ({
            rid: entry.rid ?? '',
            framesEncoded: entry.framesEncoded ?? 0,
            width: entry.frameWidth ?? 0,
            height: entry.frameHeight ?? 0,
            limitation: entry.qualityLimitationReason ?? 'none',
          })),
        })),
      );
    },

    /**
     * What the network did to a connection's video (the chaos scenario's proof that an impairment is in
     * effect): packets lost and received as the receiver counts them (inbound-rtp), the round trip the
     * sender measures from RTCP (remote-inbound-rtp: media packets, which libwebrtc's fake network
     * delays) and the one ICE measures (candidate-pair: STUN, which it does not).
     */
    async network(id) {
      const report = await connection(id).getStats();
      const found = { packetsLost: 0, packetsReceived: 0, rtcpRoundTripMs: null, iceRoundTripMs: null };
      report.forEach((entry) => {
        if (entry.kind === 'video' && entry.type === 'inbound-rtp') {
          found.packetsLost += entry.packetsLost ?? 0;
          found.packetsReceived += entry.packetsReceived ?? 0;
        }
        if (
          entry.kind === 'video' &&
          entry.type === 'remote-inbound-rtp' &&
          entry.roundTripTime !== undefined
        )
          found.rtcpRoundTripMs = entry.roundTripTime * 1000;
        if (entry.type === 'candidate-pair' && entry.nominated && entry.currentRoundTripTime !== undefined)
          found.iceRoundTripMs = entry.currentRoundTripTime * 1000;
      });
      return found;
    },

    closeConnection(id) {
      connections.get(id)?.close();
      connections.delete(id);
    },
  };
})();
