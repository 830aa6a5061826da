// The browser benchmark's section of docs/performance.md (issue 4): what was measured and how, the two
// figures against their targets with a verdict computed from them, and every timed join. Also says
// plainly when the run failed or did not include the browser.
import { WEB_TARGETS, type WebBenchResult } from './webBench.ts';

export const WEB_SECTION_HEADING = '## Live room in the browser (issue 4)';

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const load = (values: readonly number[]) => values.map((value) => value.toFixed(2)).join(' / ');
const verdict = (met: boolean) => (met ? 'met' : '**not met**');

const METHOD = [
  'The web app is built from the sources of the run and served by the real server on a fresh database',
  'with the demo data; the system Chromium visits it with a fake camera and microphone, one browser',
  'context per person. A host waits in each of the demo event’s two rooms with the camera on; each new',
  'guest enters by the public link, turns camera and microphone on in the waiting room and clicks Join,',
  'timed inside the page until getStats reports a decoded frame (`framesDecoded` > 0) of a remote camera.',
];

const HOW = [
  'What makes the join short (`apps/web/src/room/session/`, `apps/web/src/media/`): the room token is',
  'asked for on the Join click, while the page changes (`roomTokenHandoff.ts`), and the room’s code is',
  'loaded while the person is in the waiting room; the media session starts as soon as the token arrives,',
  'with the waiting room’s open camera, and its signals wait in a relay until the socket has joined',
  '(`roomMedia.ts`, `signalRelay.ts`); on the join the peers are set up at once, and the room’s screen is',
  'rendered in the background so the signalling is not held up behind it; the answer is made while the',
  'tracks are put on their lines; and the camera is sent at a size WebRTC encodes from the first frame',
  'at the spec’s 200 kbps (it drops every frame above 320x240 pixels under 300 kbps until it has scaled',
  'itself down, `sendEncoding.ts`). The animators’ stats tab loads its chart library (uPlot) when it is',
  'opened, so it is not on the way into the room and not counted above.',
  'A returning guest: the files under `assets/` are named by their content’s hash and served with',
  '`Cache-Control: public, max-age=31536000, immutable`, so the browser keeps them without asking again;',
  '`index.html` is revalidated (`no-cache`) so a release is seen at once; every text file is sent from the',
  'brotli or gzip copy the build writes beside it (`apps/web/build/precompress.ts`, `apps/server/src/http/webApp.ts`).',
];

export function webSection(result: WebBenchResult | { error: string } | null): string[] {
  if (result === null) return [WEB_SECTION_HEADING, '', 'Not measured in this run.', ''];
  if ('error' in result)
    return [WEB_SECTION_HEADING, '', `The browser benchmark failed: ${result.error}`, ''];

  const joins = result.joinToFirstFrameMs.length;
  const joinMet = result.medianMs <= WEB_TARGETS.medianJoinMs;
  const weightMet = result.roomRouteJsGzipKb <= WEB_TARGETS.roomRouteJsGzipKb;
  // Nearest rank: the smallest join that at least 90 % of the joins do not exceed.
  const sorted = [...result.joinToFirstFrameMs].sort((a, b) => a - b);
  const p90 = sorted[Math.max(0, Math.ceil(sorted.length * 0.9) - 1)] ?? Number.NaN;
  const p90Met = p90 <= WEB_TARGETS.p90JoinMs;
  const returnMet = result.secondVisitKb <= WEB_TARGETS.secondVisitKb;
  const failed =
    result.failedJoins === 0
      ? ''
      : `; ${result.failedJoins} more join${result.failedJoins === 1 ? '' : 's'} showed no remote frame within 30 s`;
  return [
    WEB_SECTION_HEADING,
    '',
    `Measured by \`bench/web/webBench.ts\` on ${result.date} UTC${result.quick ? ' (a quick run: few joins, indicative only)' : ''}, ` +
      `load average (1/5/15 min) ${load(result.loadAverageAtStart)} at the start and ${load(result.loadAverageAtEnd)} at the end ` +
      '(2 cores shared with other work).',
    ...METHOD,
    '',
    '| figure | measured | target | verdict |',
    '|---|---|---|---|',
    `| Join click to the first decoded frame of a remote camera, median of ${joins} joins | ` +
      `**${seconds(result.medianMs)}** (min ${seconds(result.minMs)}, max ${seconds(result.maxMs)}) | ` +
      `<= ${seconds(WEB_TARGETS.medianJoinMs)} | ${verdict(joinMet)} |`,
    `| The same joins, 90th percentile | **${seconds(p90)}** | <= ${seconds(WEB_TARGETS.p90JoinMs)} | ${verdict(p90Met)} |`,
    `| The room route's JavaScript, gzipped (every script loaded from the public link to the live room) | ` +
      `**${result.roomRouteJsGzipKb.toFixed(1)} kB** | <= ${WEB_TARGETS.roomRouteJsGzipKb} kB | ${verdict(weightMet)} |`,
    `| HTTP bytes from the public link into the live room, empty cache (compressed as sent, headers included) | ` +
      `**${result.firstVisitKb.toFixed(1)} kB** | | |`,
    `| The same way again in a new tab of the same browser (a returning guest) | ` +
      `**${result.secondVisitKb.toFixed(1)} kB** | <= ${WEB_TARGETS.secondVisitKb} kB | ${verdict(returnMet)} |`,
    '',
    `Every timed join, in order (ms): ${result.joinToFirstFrameMs.join(', ')}${failed}.`,
    `Scripts counted (gzipped, 1 kB = 1000 bytes): ${result.roomRouteFiles.map((entry) => `\`${entry.file}\` ${entry.gzipKb.toFixed(1)} kB`).join(', ')}.`,
    '',
    ...HOW,
    '',
  ];
}
