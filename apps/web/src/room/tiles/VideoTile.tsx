// One participant's tile (ratio about 1.32): their camera, or their initials while it is off, their
// name, the microphone indicator from the room state, and a highlight while they speak.
import type { Viewer } from '@lablive/domain';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon.tsx';
import { StreamVideo } from './StreamVideo.tsx';
import { initials } from './tileLayout.ts';

type VideoTileProps = {
  viewer: Viewer;
  stream: MediaStream | null;
  isMe: boolean;
};

export function VideoTile({ viewer, stream, isMe }: VideoTileProps) {
  const { t } = useTranslation('room');
  const showVideo = viewer.videoEnabled && stream !== null && stream.getVideoTracks().length > 0;
  const name = isMe ? t('shell.you', { name: viewer.name }) : viewer.name;

  return (
    <li
      className="video-tile"
      data-testid={`tile-${viewer.id}`}
      data-speaking={viewer.speaking}
      aria-label={viewer.speaking ? t('shell.tileSpeaking', { name }) : name}
    >
      {/* Kept mounted while the camera is off, so frames resume at once when it comes back on. */}
      <StreamVideo
        stream={stream}
        testId={isMe ? 'local-video' : `remote-video-${viewer.id}`}
        className={showVideo ? 'tile-video' : 'tile-video tile-video-hidden'}
        mirrored={isMe}
        label={t('shell.cameraOf', { name })}
      />
      {!showVideo && (
        <span className="tile-initials" aria-hidden="true">
          {initials(viewer.name)}
        </span>
      )}
      <span className="tile-caption">
        <span
          className="tile-mic"
          data-testid={`tile-mic-${viewer.id}`}
          data-enabled={viewer.audioEnabled}
          role="img"
          aria-label={viewer.audioEnabled ? t('shell.micOn') : t('shell.micOff')}
        >
          <Icon name={viewer.audioEnabled ? 'microphone' : 'microphoneOff'} size={14} />
        </span>
        <span className="tile-name">{name}</span>
        {viewer.requestingSpeak && (
          <span className="tile-hand" role="img" aria-label={t('shell.handRaised')}>
            <Icon name="hand" size={14} />
          </span>
        )}
      </span>
    </li>
  );
}
