// The default embedded page of a media (any slug but demo): its build in an iframe, told about the
// presentation scene and step and the spectator flag through postMessage, as the old games were.
import type { RoomMedia } from '@lablive/domain';
import { useEffect, useRef } from 'react';
import { useRoom, useRoomState } from '../roomContext.ts';
import { messageTarget, type PresentationMessage, sandboxFor, targetOrigin } from './embeddedPolicy.ts';
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
  const origin = targetOrigin(buildPath, window.location.href);
  const target = messageTarget(origin, window.location.origin);

  useEffect(() => {
    report.progress(0);
  }, [report]);

  useEffect(() => {
    const message: PresentationMessage = {
      type: 'lablive.presentation',
      ...presentation,
      spectator: me.isObserver,
    };
    frame.current?.contentWindow?.postMessage(message, target);
  }, [presentation, me.isObserver, target]);

  return (
    <iframe
      ref={frame}
      className="embedded-page"
      data-testid="stage-embedded"
      src={buildPath}
      title={media.name}
      sandbox={sandboxFor(origin, window.location.origin)}
      allow="fullscreen; autoplay"
      onLoad={(event) => {
        report.progress(100);
        const message: PresentationMessage = {
          type: 'lablive.presentation',
          ...presentation,
          spectator: me.isObserver,
        };
        event.currentTarget.contentWindow?.postMessage(message, target);
      }}
    />
  );
}
