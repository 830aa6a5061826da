// Video through a media server (issue 30, part 5): one publisher to 1, 8, 16, 32 viewers through Janus,
// driven by LabLive's real server over the room socket, then one publisher to 1..8 viewers through the
// browser mesh, in the same run and the same Chromium (launched once with a fake camera and microphone;
// bare RTCPeerConnections in pages, no web app). Janus, the servers, their databases and the browser
// are removed afterwards, also when the run fails or is interrupted (the cleanup registry).
import os from 'node:os';
import { launchChromium } from '@lablive/testkit/browser';
import { onCleanup } from '../lib/cleanup.ts';
import { startBenchJanus } from './janusProcess.ts';
import { runJanusSteps } from './janusSteps.ts';
import { runMeshSteps } from './meshSteps.ts';
import { type VideoBenchResult, videoPlan } from './videoPlan.ts';
import { startVideoServer } from './videoServer.ts';

const loadAverage = (): [number, number, number] => {
  const [one = 0, five = 0, fifteen = 0] = os.loadavg();
  return [one, five, fifteen];
};

export async function runVideoBench(options: {
  quick: boolean;
  log: (line: string) => void;
}): Promise<VideoBenchResult> {
  const { quick, log } = options;
  const plan = videoPlan(quick);
  const date = new Date().toISOString().slice(0, 19).replace('T', ' ');
  const loadAverageAtStart = loadAverage();
  // Closed by the cleanup below (also on SIGINT/SIGTERM), not by Playwright's own signal handlers.
  const browser = await launchChromium({ signals: false });
  const closeBrowser = onCleanup('close the video bench browser', () => browser.close());
  try {
    const janus = await startBenchJanus();
    let janusRun: Awaited<ReturnType<typeof runJanusSteps>>;
    try {
      const server = await startVideoServer('janus', 1 + Math.max(...plan.janusSteps), janus);
      try {
        log(`Janus ${janus.url} (pid ${janus.pid}); LabLive with JANUS_URL, room ${server.roomId}`);
        janusRun = await runJanusSteps({ browser, server, janus, plan, log });
      } finally {
        await server.stop();
      }
    } finally {
      await janus.stop();
    }

    const meshServer = await startVideoServer('mesh', 1 + Math.max(...plan.meshSteps), null);
    let meshRun: Awaited<ReturnType<typeof runMeshSteps>>;
    try {
      log(`LabLive without JANUS_URL (mesh), room ${meshServer.roomId}`);
      meshRun = await runMeshSteps({ browser, server: meshServer, plan, log });
    } finally {
      await meshServer.stop();
    }

    return {
      date,
      quick,
      plan,
      loadAverageAtStart,
      loadAverageAtEnd: loadAverage(),
      cameraFps: janusRun.cameraFps,
      janus: { steps: janusRun.steps, stoppedBecause: janusRun.stoppedBecause },
      mesh: meshRun,
      layerZeroFrame: janusRun.layerZeroFrame,
    };
  } finally {
    await closeBrowser();
  }
}
