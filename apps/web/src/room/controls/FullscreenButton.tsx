// Shows the whole room full screen (Fullscreen API) and back; hidden where the browser cannot.
import { type RefObject, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ControlSlot } from './ControlSlot.tsx';
import { ControlToggle } from './ControlToggle.tsx';

export function FullscreenButton({ target }: { target: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation('room');
  const [fullscreen, setFullscreen] = useState(() => document.fullscreenElement !== null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  if (!document.fullscreenEnabled) return null;
  const label = fullscreen ? t('controls.exitFullscreen') : t('controls.fullscreen');

  async function toggle() {
    setError(null);
    try {
      if (document.fullscreenElement !== null) await document.exitFullscreen();
      else await (target.current ?? document.documentElement).requestFullscreen();
    } catch (failure) {
      setError(
        t('controls.fullscreenFailed', {
          reason: failure instanceof Error ? failure.message : String(failure),
        }),
      );
    }
  }

  return (
    <ControlSlot error={error}>
      <ControlToggle
        testId="room-fullscreen"
        pressed={fullscreen}
        label={label}
        icon={fullscreen ? 'exitFullscreen' : 'fullscreen'}
        onToggle={() => void toggle()}
      />
    </ControlSlot>
  );
}
