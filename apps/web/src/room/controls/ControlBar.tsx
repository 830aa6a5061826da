// The room's control bar (live-room spec, section 2): leave, my microphone and camera, the audio
// output, request to speak; for animators the presentation menu and screen sharing; full screen.
import { type RefObject, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '../../components/lazyNamed.ts';
import { useRoom } from '../roomContext.ts';
import { AudioOutputMenu } from './AudioOutputMenu.tsx';
import { FullscreenButton } from './FullscreenButton.tsx';
import { LeaveButton } from './LeaveButton.tsx';
import { MediaToggles } from './MediaToggles.tsx';
import { RequestSpeakButton } from './RequestSpeakButton.tsx';
import './controls.css';

// Animators only: their code loads for them, never on a guest's way in.
const ScreenShareButton = lazyNamed(() => import('./ScreenShareButton.tsx'), 'ScreenShareButton');
const PresentationMenu = lazyNamed(() => import('./PresentationMenu.tsx'), 'PresentationMenu');

export function ControlBar({ fullscreenTarget }: { fullscreenTarget: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation('room');
  const { me } = useRoom();

  return (
    <section className="control-bar lab-bar" aria-label={t('controls.label')} data-testid="room-controls">
      <div className="control-side">
        <LeaveButton />
      </div>
      <div className="control-center">
        <MediaToggles />
        <AudioOutputMenu />
        <RequestSpeakButton />
        {me.isAnimator && (
          <Suspense fallback={null}>
            <ScreenShareButton />
            <PresentationMenu />
          </Suspense>
        )}
      </div>
      <div className="control-side control-side-end">
        <FullscreenButton target={fullscreenTarget} />
      </div>
    </section>
  );
}
