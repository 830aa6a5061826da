// The shared screen on the stage, as non-animators see it while an animator shares (live-room spec,
// section 2): the sharer's screen stream, or a wait while it arrives.
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.tsx';
import { useRoom, useRoomState } from '../roomContext.ts';
import { StreamVideo } from '../tiles/StreamVideo.tsx';
import { useMediaStreams } from '../tiles/useMediaStreams.ts';

export function ScreenShareView({ sharerId }: { sharerId: number }) {
  const { t } = useTranslation('room');
  const { media } = useRoom();
  const sharer = useRoomState((state) => state.viewers.find((viewer) => viewer.id === sharerId)?.name ?? '');
  const { remotes } = useMediaStreams(media);
  const screen = remotes.find((remote) => remote.participantId === sharerId)?.screen ?? null;
  const label = t('stage.screenShareOf', { name: sharer });

  return (
    <div className="screen-share" data-testid="stage-screen-share">
      {screen === null ? (
        <div className="stage-panel" role="status">
          <Spinner />
          <p>{t('stage.screenShareWaiting', { name: sharer })}</p>
        </div>
      ) : (
        <StreamVideo
          stream={screen}
          testId="screen-share-video"
          className="screen-share-video"
          label={label}
        />
      )}
    </div>
  );
}
