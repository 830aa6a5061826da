// What the video benchmark (issue 30) runs and what it returns: one publisher to a growing number of
// viewers through Janus, the same through the browser mesh, and the figures of each step.

export type VideoPlan = {
  /** Viewers watching the publisher through Janus at each step (added between steps). */
  janusSteps: number[];
  /** Viewers the mesh publisher sends to at each step (one encoding each). */
  meshSteps: number[];
  /** How long each step's frame rate and CPU are measured, once its viewers all decode. */
  windowSeconds: number;
  /** Receiving connections per Chromium page (several per page keep Chromium's processes few). */
  viewersPerPage: number;
  /** How long a window waits for other processes to calm down first. */
  quietWaitMs: number;
};

/** The frame rate every viewer must keep for a step to be carried (the mesh limit's criterion). */
export const MIN_FPS = 15;
/** Time allowed from a viewer's request to its first decoded frame; later counts as failed. */
export const FIRST_FRAME_TIMEOUT_MS = 20_000;
/** The simulcast layer viewers receive: 2, the full picture (the stage). */
export const VIEWER_LAYER = 2;

export function videoPlan(quick: boolean): VideoPlan {
  return quick
    ? { janusSteps: [1, 4], meshSteps: [1, 2], windowSeconds: 5, viewersPerPage: 8, quietWaitMs: 5_000 }
    : {
        janusSteps: [1, 8, 16, 32],
        meshSteps: [1, 2, 3, 4, 5, 6, 7, 8],
        windowSeconds: 15,
        viewersPerPage: 8,
        quietWaitMs: 60_000,
      };
}

/** Frame rates decoded by the viewers over a step's window. */
export type FrameRates = {
  /** Viewers that decoded at least one frame during the window. */
  decoding: number;
  minFps: number;
  medianFps: number;
  /** The picture most viewers decoded last (width x height): the layer they got. */
  commonFrame: string;
  smallestFrame: string;
};

/** One layer of what the publisher's page encoded during the window (the mesh: one per viewer). */
export type SentLayer = {
  /** The simulcast rid ('l', 'm', 'h'), or '' for the mesh's single encoding. */
  rid: string;
  /** Sending connections with this layer (1 to Janus; the viewers in the mesh). */
  connections: number;
  /** The slowest connection's encoded frames per second. */
  minFps: number;
  size: string;
  /** What WebRTC said held the layer back ('none', 'cpu', 'bandwidth'...). */
  limitations: string[];
};

/** CPU over a window, in cores (1 = one core busy all the time). */
export type WindowCpu = {
  /** NaN for the mesh. */
  janus: number;
  /** The publisher page's renderer process: the encoding. */
  publisherPage: number;
  /** Every Chromium process together (publisher, viewers, browser, network service). */
  chromium: number;
  /** The LabLive server (signalling only: media never goes through it). */
  server: number;
  /** Everything else on this shared machine (not the bench, not PostgreSQL). */
  others: number;
};

export type VideoStep = {
  viewers: number;
  /** Each viewer added at this step: its request to its first decoded frame (ms); null: none in time. */
  joinsMs: Array<number | null>;
  frames: FrameRates;
  sent: SentLayer[];
  cpu: WindowCpu;
  /** Windows measured for this step (more than 1: other processes were busy). */
  measures: number;
};

export type VideoBenchResult = {
  date: string;
  quick: boolean;
  plan: VideoPlan;
  loadAverageAtStart: [number, number, number];
  loadAverageAtEnd: [number, number, number];
  /** The publisher's frame rate as the fake camera delivers it (frames encoded on the top layer per second). */
  cameraFps: number;
  janus: { steps: VideoStep[]; stoppedBecause: string | null };
  mesh: { steps: VideoStep[]; stoppedBecause: string | null };
  /** A viewer switched to layer 0 at the end: the picture it decoded then (width x height). */
  layerZeroFrame: string | null;
};
