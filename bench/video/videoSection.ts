// The video benchmark's section of docs/performance.md (issue 30): one publisher to many viewers through
// Janus and through the mesh, side by side from the same run, with the figures derived from them (Janus's
// CPU per forwarded stream, streams per core, the measured mesh limit) and notes computed from the run.
import { MAX_OTHERS_CORES } from './stepWindow.ts';
import { MIN_FPS, type VideoBenchResult, type VideoStep } from './videoPlan.ts';

export const VIDEO_SECTION_HEADING = '## Video through a media server (issue 30)';

const load = (values: readonly number[]) => values.map((value) => value.toFixed(2)).join(' / ');
const pct = (cores: number) => (Number.isFinite(cores) ? `${(cores * 100).toFixed(1)} %` : '–');
const fps = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : '–');
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '–');

/** Nearest rank: the smallest value that at least p % of the values do not exceed. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((sorted.length * p) / 100) - 1)] ?? Number.NaN;
}

const timed = (joins: ReadonlyArray<number | null>) => joins.filter((join): join is number => join !== null);
const allJoins = (steps: readonly VideoStep[]) => steps.flatMap((step) => timed(step.joinsMs));
const carried = (step: VideoStep) => step.frames.decoding === step.viewers && step.frames.minFps >= MIN_FPS;

function joinCell(joins: ReadonlyArray<number | null>): string {
  const done = timed(joins);
  const failed = joins.length - done.length;
  const figures = done.length === 0 ? '–' : `${ms(percentile(done, 50))} / ${ms(percentile(done, 90))}`;
  return `${figures} (${done.length} join${done.length === 1 ? '' : 's'}${failed > 0 ? `, ${failed} without a frame` : ''})`;
}

/** Janus's marginal CPU per forwarded stream: between the smallest and the largest step. */
export function janusCoresPerStream(steps: readonly VideoStep[]): number {
  const first = steps[0];
  const last = steps.at(-1);
  if (!first || !last || last.viewers === first.viewers) return Number.NaN;
  return (last.cpu.janus - first.cpu.janus) / ((last.viewers - first.viewers) * 2);
}

/** The largest viewer count up to which every step kept every viewer at MIN_FPS or more (0: not even 1). */
export function meshLimit(steps: readonly VideoStep[]): { viewers: number; reachedEnd: boolean } {
  let viewers = 0;
  for (const step of steps) {
    if (!carried(step)) return { viewers, reachedEnd: false };
    viewers = step.viewers;
  }
  return { viewers, reachedEnd: true };
}

function janusTable(steps: readonly VideoStep[]): string[] {
  return [
    '| viewers | every viewer decoding | min / median frames/s | picture decoded (most viewers) | join → first frame p50 / p90 | Janus CPU | Janus CPU per forwarded stream | publisher page | all Chromium | other processes |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...steps.map(
      (step) =>
        `| ${step.viewers} | ${step.frames.decoding === step.viewers ? 'yes' : `**no** (${step.frames.decoding})`} | ` +
        `${fps(step.frames.minFps)} / ${fps(step.frames.medianFps)} | ${step.frames.commonFrame} (smallest ${step.frames.smallestFrame}) | ` +
        `${joinCell(step.joinsMs)} | ${pct(step.cpu.janus)} | ${pct(step.cpu.janus / (step.viewers * 2))} | ` +
        `${pct(step.cpu.publisherPage)} | ${pct(step.cpu.chromium)} | ${pct(step.cpu.others)}${step.measures > 1 ? ` (${step.measures} windows)` : ''} |`,
    ),
  ];
}

function meshTable(steps: readonly VideoStep[]): string[] {
  return [
    `| viewers | every viewer decoding | min / median frames/s | every viewer >= ${MIN_FPS} frames/s | encodings sent (slowest frames/s, limited by) | join → first frame p50 / p90 | publisher page | all Chromium | other processes |`,
    '|---|---|---|---|---|---|---|---|---|',
    ...steps.map((step) => {
      const sent = step.sent
        .map(
          (layer) =>
            `${layer.connections} × ${layer.size} (${fps(layer.minFps)}, ${layer.limitations.join(', ')})`,
        )
        .join('; ');
      return (
        `| ${step.viewers} | ${step.frames.decoding === step.viewers ? 'yes' : `**no** (${step.frames.decoding})`} | ` +
        `${fps(step.frames.minFps)} / ${fps(step.frames.medianFps)} | ${carried(step) ? 'yes' : '**no**'} | ${sent} | ` +
        `${joinCell(step.joinsMs)} | ${pct(step.cpu.publisherPage)} | ${pct(step.cpu.chromium)} | ` +
        `${pct(step.cpu.others)}${step.measures > 1 ? ` (${step.measures} windows)` : ''} |`
      );
    }),
  ];
}

function notes(result: VideoBenchResult): string[] {
  const janus = result.janus.steps;
  const mesh = result.mesh.steps;
  const perStream = janusCoresPerStream(janus);
  const last = janus.at(-1);
  const limit = meshLimit(mesh);
  const janusJoins = allJoins(janus);
  const meshJoins = allJoins(mesh);
  const notes: string[] = [];
  if (last) {
    const streams = last.viewers * 2;
    notes.push(
      `**Janus forwarded ${streams} streams (${last.viewers} viewers × video and audio) with ${pct(last.cpu.janus)} of a core**, ` +
        `${pct(last.cpu.janus / streams)} per stream including its fixed costs (receiving and decrypting the publisher's three ` +
        `layers); between ${janus[0]?.viewers ?? 0} and ${last.viewers} viewers each added stream cost ${pct(perStream)} of a core, ` +
        `so **one core carries about ${Number.isFinite(perStream) && perStream > 0 ? Math.round(1 / perStream).toLocaleString('en-US') : '–'} forwarded streams** ` +
        `at these bitrates (layer 2 up to 900 kbps of video and 64 kbps of sound): a figure for loopback, where no packet is lost ` +
        'or repaired; a real network adds retransmissions.',
    );
  }
  notes.push(
    result.janus.stoppedBecause
      ? `Janus steps stopped ${result.janus.stoppedBecause}: past what this machine's Chromium carries.`
      : `Every planned Janus step ran: this 2-core machine carried ${last?.viewers ?? 0} viewers in one Chromium ` +
          `(${result.plan.viewersPerPage} receiving connections per page) beside the publisher.`,
  );
  if (janusJoins.length > 0 && meshJoins.length > 0) {
    const ratio = percentile(janusJoins, 50) / percentile(meshJoins, 50);
    notes.push(
      `Join → first remote frame over every join of the run: **Janus p50 ${ms(percentile(janusJoins, 50))}, p90 ` +
        `${ms(percentile(janusJoins, 90))}; mesh p50 ${ms(percentile(meshJoins, 50))}, p90 ${ms(percentile(meshJoins, 90))}** ` +
        `(Janus ÷ mesh at the median: ${ratio.toFixed(2)}×). Janus's is timed from the viewer's \`subscribe\` request ` +
        "(the server's offer, the page's answer, `start`, ICE and DTLS with Janus); the mesh's from the viewer's hello " +
        "(the publisher's page making and offering one more connection, the viewer's answer, ICE and DTLS between the pages).",
    );
  }
  notes.push(
    limit.reachedEnd
      ? `**Mesh: every viewer kept ${MIN_FPS} frames/s or more up to the last step, ${limit.viewers} viewers**: the mesh's limit ` +
          'on this machine lies above; the one publisher encoded one stream per viewer, each 320x240 at up to 200 kbps.'
      : `**Measured mesh limit: ${limit.viewers} viewer${limit.viewers === 1 ? '' : 's'}** (the largest count up to which every ` +
          `viewer kept ${MIN_FPS} frames/s or more); the publisher page encodes one stream per viewer.`,
  );
  const growth = (steps: readonly VideoStep[]) => {
    const first = steps[0];
    const end = steps.at(-1);
    return first && end && end.viewers > first.viewers
      ? (end.cpu.publisherPage - first.cpu.publisherPage) / (end.viewers - first.viewers)
      : Number.NaN;
  };
  const meshGrowth = growth(mesh);
  if (Number.isFinite(meshGrowth))
    notes.push(
      `The publisher's page: through Janus ${janus.map((step) => pct(step.cpu.publisherPage)).join(', ')} of a core ` +
        `at ${janus.map((step) => step.viewers).join(', ')} viewers (three encodings whatever the viewers); through the ` +
        `mesh ${pct(meshGrowth)} of a core more per viewer added (${mesh.map((step) => pct(step.cpu.publisherPage)).join(', ')}), ` +
        `so one core of this machine would encode about ${meshGrowth > 0 ? Math.round(1 / meshGrowth) : '–'} mesh viewers' ` +
        'streams, and every participant of a real mesh room publishes as well.',
    );
  const lowered = janus.filter((step) => step.frames.commonFrame !== '640x480');
  if (lowered.length > 0)
    notes.push(
      `At ${lowered.map((step) => step.viewers).join(', ')} viewers most viewers decoded a smaller picture than layer 2's ` +
        '640x480: Janus drops a subscriber to the layer below when the requested one sends nothing for 500 ms ' +
        "(`sc_substream_fallback_ms`), and climbs back only at that layer's next keyframe; a starved publisher's top layer " +
        'pauses that long (see the other processes column).',
    );
  const disturbed = [...janus, ...mesh].filter((step) => step.cpu.others > MAX_OTHERS_CORES);
  if (disturbed.length > 0)
    notes.push(
      `${disturbed.length} step(s) were measured while other processes on this shared machine used more than ` +
        `${MAX_OTHERS_CORES} of a core even after waiting and measuring again: their frame rates and joins are those of a ` +
        'machine shared with other work, and understate what these 2 cores carry alone.',
    );
  if (result.layerZeroFrame)
    notes.push(
      `One viewer moved to layer 0 at the end decoded ${result.layerZeroFrame} (the thumbnail layer).`,
    );
  if (result.mesh.stoppedBecause) notes.push(`Mesh steps stopped ${result.mesh.stoppedBecause}.`);
  notes.push(
    'Layer order: Debian’s Janus (1.1) numbers a publisher’s substreams from the first rid of its offer down (its own ' +
      '`janus.js` sends h, m, l). Offered l, m, h (as `apps/web/src/media/janusEncodings.ts` does), a viewer asking for ' +
      'layer 2 decoded the 160x120 picture and one asking for layer 0 the 640x480 one; this bench offers h, m, l.',
  );
  return notes.map((note) => `- ${note}`);
}

const METHOD = [
  'One Chromium (`launchChromium`: the system Chromium, headless, fake camera and microphone) holds a publisher page',
  'and the viewers’ pages: bare RTCPeerConnections, no web app, several receiving connections per page (one renderer',
  'process per page: fewer processes is what lets 32 viewers and the publisher share 2 cores). The Node side speaks',
  'LabLive’s room socket for every person (a real LabLive server process, its own bench database, participants',
  'signed in through the invitation sign-in) and carries the SDPs between the server and the pages. Through Janus',
  '(Debian’s `janus`, started by `infra/janus/start.sh`; LabLive with `JANUS_URL`): the publisher `publish`es its',
  'camera, VP8 in three simulcast layers (640x480, 320x240, 160x120 at up to 900, 300 and 100 kbps, offered as rid',
  'h, m, l: highest first, see the last note; Chromium sends only two layers of a 640x480 camera, so the fake',
  'camera is opened at 1280x960 and scaled down by 2, 4 and 8) and Opus; each viewer added `subscribe`s at layer 2,',
  'answers the server’s offer and sends `start`.',
  'Through the mesh (the same server without `JANUS_URL`): the viewer sends a `webrtc-offer` hello through the room',
  'socket, the publisher page makes one sending connection per viewer (320x240 at up to 200 kbps and 64 kbps of',
  'sound, as `apps/web/src/media/sendEncoding.ts`), offers it as a `webrtc-offer`, the viewer answers with a',
  '`webrtc-answer`. Descriptions are sent whole after ICE gathering on both paths (Janus speaks non-trickle SDP; the',
  'web app trickles its mesh candidates as `webrtc-ice` instead, which this bench does not). Senders keep their',
  'resolution under load (`degradationPreference: maintain-resolution`). After each step’s joins a window measures',
  'every viewer’s decoded frames (getStats `framesDecoded`) and the CPU (from /proc: Janus, all of Chromium, the',
  'rest of the machine; the publisher page’s renderer from Chromium’s own ProcessTime). Windows start once other',
  `processes use less than ${MAX_OTHERS_CORES} of a core (or after a while), and are measured again (twice at most)`,
  'when they did not stay so; the least disturbed one is kept. The network is loopback: no loss, no jitter, no',
  'upload limit, so the mesh’s real bound (a home upload carrying one stream per viewer) does not show here, only',
  'its CPU.',
];

export function videoSection(result: VideoBenchResult | { error: string } | null, command: string): string[] {
  if (result === null) return [VIDEO_SECTION_HEADING, '', 'Not measured in this run.', ''];
  if ('error' in result)
    return [VIDEO_SECTION_HEADING, '', `The video benchmark failed: ${result.error}`, ''];
  return [
    VIDEO_SECTION_HEADING,
    '',
    `Measured by \`${command}\` (\`bench/video/\`) on ${result.date} UTC` +
      `${result.quick ? ' (a quick run: few viewers, short windows, indicative only)' : ''}, load average (1/5/15 min) ` +
      `${load(result.loadAverageAtStart)} at the start and ${load(result.loadAverageAtEnd)} at the end (2 cores shared ` +
      `with other work). The fake camera delivered ${fps(result.cameraFps)} frames/s; each window lasted ` +
      `${result.plan.windowSeconds} s.`,
    ...METHOD,
    '',
    '**One publisher to N viewers through Janus** (layer 2; forwarded streams = viewers × 2):',
    '',
    ...janusTable(result.janus.steps),
    '',
    '**One publisher to N viewers through the mesh** (one encoding per viewer):',
    '',
    ...meshTable(result.mesh.steps),
    '',
    ...notes(result),
    '',
  ];
}
