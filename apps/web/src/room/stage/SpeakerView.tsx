// The speaker's camera on the stage (stageSpeaker.ts chooses whom): their stream large, with their
// name, or a wait while it arrives.
import { useTranslation } from 'react-i18next';
import { useRoomState } from '../roomContext.ts';
import { StageStream, useRemoteMedia } from './StageStream.tsx';

export function SpeakerView({ speakerId }: { speakerId: number }) {
  const { t } = useTranslation('room');
  const name = useRoomState((state) => state.viewers.find((viewer) => viewer.id === speakerId)?.name ?? '');
  const stream = useRemoteMedia(speakerId)?.stream ?? null;
  const hasVideo = stream?.getVideoTracks().some((track) => track.readyState === 'live') ?? false;

  return (
    <figure className="stage-speaker" data-testid="stage-speaker" data-participant={speakerId}>
      <StageStream
        stream={hasVideo ? stream : null}
        testId="stage-speaker-video"
        className="stage-speaker-video"
        label={t('stage.speakerOf', { name })}
        waiting={t('stage.speakerWaiting', { name })}
      />
      <figcaption className="stage-speaker-name">{name}</figcaption>
    </figure>
  );
}
