// A participant's stream large on the stage (a shared screen, the speaker's camera), or a wait while it
// arrives: one shape for both, so the stage never shows an empty black box.
import { Spinner } from '../../components/Spinner.tsx';
import type { RemoteMedia } from '../../media/mediaSession.ts';
import { useRoom } from '../roomContext.ts';
import { StreamVideo } from '../tiles/StreamVideo.tsx';
import { useMediaStreams } from '../tiles/useMediaStreams.ts';

/** The media session's streams of one other participant, re-rendered as they change. */
export function useRemoteMedia(participantId: number): RemoteMedia | undefined {
  const { media } = useRoom();
  const { remotes } = useMediaStreams(media);
  return remotes.find((remote) => remote.participantId === participantId);
}

export function StageStream(props: {
  stream: MediaStream | null;
  testId: string;
  className: string;
  label: string;
  waiting: string;
}) {
  if (props.stream === null)
    return (
      <div className="stage-panel" role="status">
        <Spinner />
        <p>{props.waiting}</p>
      </div>
    );
  return (
    <StreamVideo
      stream={props.stream}
      testId={props.testId}
      className={props.className}
      label={props.label}
    />
  );
}
