// The shared screen on the stage, as non-animators see it while an animator shares (live-room spec,
// section 2): the sharer's screen stream, or a wait while it arrives.
import { useTranslation } from 'react-i18next';
import { useRoomState } from '../roomContext.ts';
import { StageStream, useRemoteMedia } from './StageStream.tsx';

export function ScreenShareView({ sharerId }: { sharerId: number }) {
  const { t } = useTranslation('room');
  const sharer = useRoomState((state) => state.viewers.find((viewer) => viewer.id === sharerId)?.name ?? '');
  const screen = useRemoteMedia(sharerId)?.screen ?? null;

  return (
    <div className="screen-share" data-testid="stage-screen-share">
      <StageStream
        stream={screen}
        testId="screen-share-video"
        className="screen-share-video"
        label={t('stage.screenShareOf', { name: sharer })}
        waiting={t('stage.screenShareWaiting', { name: sharer })}
      />
    </div>
  );
}
