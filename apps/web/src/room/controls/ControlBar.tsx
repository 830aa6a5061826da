// The room's control bar (live-room spec, section 2): leave, my microphone and camera, the audio
// output, request to speak; for animators the presentation menu and screen sharing; full screen.
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoom } from '../roomContext.ts';
import { AudioOutputMenu } from './AudioOutputMenu.tsx';
import { FullscreenButton } from './FullscreenButton.tsx';
import { LeaveButton } from './LeaveButton.tsx';
import { MediaToggles } from './MediaToggles.tsx';
import { PresentationMenu } from './PresentationMenu.tsx';
import { RequestSpeakButton } from './RequestSpeakButton.tsx';
import { ScreenShareButton } from './ScreenShareButton.tsx';
import './controls.css';

export function ControlBar({ fullscreenTarget }: { fullscreenTarget: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation('room');
  const { me } = useRoom();

  return (
    <section className="control-bar" aria-label={t('controls.label')} data-testid="room-controls">
      <div className="control-side">
        <LeaveButton />
      </div>
      <div className="control-center">
        <MediaToggles />
        <AudioOutputMenu />
        <RequestSpeakButton />
        {me.isAnimator && <ScreenShareButton />}
        {me.isAnimator && <PresentationMenu />}
      </div>
      <div className="control-side control-side-end">
        <FullscreenButton target={fullscreenTarget} />
      </div>
    </section>
  );
}
