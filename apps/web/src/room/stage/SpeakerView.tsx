// The speaker's camera on the stage (stageSpeaker.ts chooses whom): their stream large, with their
// name, or a wait while it arrives.
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.tsx';
import { useRoom, useRoomState } from '../roomContext.ts';
import { StreamVideo } from '../tiles/StreamVideo.tsx';
import { useMediaStreams } from '../tiles/useMediaStreams.ts';

export function SpeakerView({ speakerId }: { speakerId: number }) {
  const { t } = useTranslation('room');
  const { media } = useRoom();
  const name = useRoomState((state) => state.viewers.find((viewer) => viewer.id === speakerId)?.name ?? '');
  const { remotes } = useMediaStreams(media);
  const stream = remotes.find((remote) => remote.participantId === speakerId)?.stream ?? null;
  const hasVideo = stream?.getVideoTracks().some((track) => track.readyState === 'live') ?? false;

  return (
    <figure className="stage-speaker" data-testid="stage-speaker" data-participant={speakerId}>
      {hasVideo && stream !== null ? (
        <StreamVideo
          stream={stream}
          testId="stage-speaker-video"
          className="stage-speaker-video"
          label={t('stage.speakerOf', { name })}
        />
      ) : (
        <div className="stage-panel" role="status">
          <Spinner />
          <p>{t('stage.speakerWaiting', { name })}</p>
        </div>
      )}
      <figcaption className="stage-speaker-name">{name}</figcaption>
    </figure>
  );
}
