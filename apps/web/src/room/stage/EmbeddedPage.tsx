// The default embedded page of a media (any slug but demo): its build or page in a sandboxed iframe, told
// the presentation scene and step and the spectator flag through postMessage, and listened to for its
// load (progress, ready) or its failure (docs/protocol.md, "Embedding a media"). A page that says nothing
// is taken as loaded shortly after its load event.
import type { RoomMedia } from '@lablive/domain';
import { useEffect, useRef } from 'react';
import { useRoom, useRoomState } from '../roomContext.ts';
import {
  acceptsFrameOrigin,
  messageTarget,
  type PresentationMessage,
  parseFrameMessage,
  SILENT_PAGE_GRACE_MS,
  sandboxFor,
  targetOrigin,
} from './embeddedPolicy.ts';
import type { LoadReport } from './GameStage.tsx';
import { ledPresentation } from './ledPresentation.ts';

export function EmbeddedPage({
  media,
  buildPath,
  report,
}: {
  media: RoomMedia;
  buildPath: string;
  report: LoadReport;
}) {
  const { me } = useRoom();
  const presentation = useRoomState(ledPresentation);
  const frame = useRef<HTMLIFrameElement>(null);
  const roomOrigin = window.location.origin;
  const origin = targetOrigin(buildPath, window.location.href);
  const target = messageTarget(origin, roomOrigin);
  const message: PresentationMessage = {
    type: 'lablive.presentation',
    ...presentation,
    spectator: me.isObserver,
  };
  // The latest message, for the page's load and its ready, which come whenever they come.
  const latest = useRef(message);
  latest.current = message;
  /** Whether the page spoke the protocol (then its own reports end the loading). */
  const spoke = useRef(false);
  const silentTimer = useRef<number | undefined>(undefined);

  useEffect(() => {
    report.progress(0);
  }, [report]);

  useEffect(() => {
    const tell = () => frame.current?.contentWindow?.postMessage(latest.current, target);
    function onMessage(event: MessageEvent) {
      const source = frame.current?.contentWindow;
      if (!source || event.source !== source || !acceptsFrameOrigin(event.origin, origin, roomOrigin)) return;
      const received = parseFrameMessage(event.data);
      if (received === null) return;
      spoke.current = true;
      switch (received.type) {
        case 'lablive.progress':
          report.progress(received.percent);
          return;
        case 'lablive.ready':
          report.progress(100);
          // Told again: a game may listen only once it has loaded.
          tell();
          return;
        case 'lablive.error':
          report.failed(received.message);
          return;
        default:
          received satisfies never;
      }
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [origin, roomOrigin, target, report]);

  useEffect(() => () => window.clearTimeout(silentTimer.current), []);

  const { scene, step, spectator } = message;
  useEffect(() => {
    frame.current?.contentWindow?.postMessage(
      { type: 'lablive.presentation', scene, step, spectator },
      target,
    );
  }, [scene, step, spectator, target]);

  return (
    <iframe
      ref={frame}
      className="embedded-page"
      data-testid="stage-embedded"
      src={buildPath}
      title={media.name}
      sandbox={sandboxFor(origin, roomOrigin)}
      allow="fullscreen; autoplay"
      onLoad={(event) => {
        event.currentTarget.contentWindow?.postMessage(latest.current, target);
        window.clearTimeout(silentTimer.current);
        silentTimer.current = window.setTimeout(() => {
          if (!spoke.current) report.progress(100);
        }, SILENT_PAGE_GRACE_MS);
      }}
    />
  );
}
