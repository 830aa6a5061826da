// A device that failed on its own (it could not start with the room, or a forced toggle could not be
// applied), said for 7 s like the other device messages (live-room spec, section 9), or until closed.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon.tsx';
import { DEVICE_NOTICE_MS, deviceErrorText } from './deviceErrorText.ts';

export function DeviceNotice({ problem, onDismiss }: { problem: unknown; onDismiss: () => void }) {
  const { t } = useTranslation('room');

  useEffect(() => {
    if (problem === null) return;
    const timer = setTimeout(onDismiss, DEVICE_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [problem, onDismiss]);

  if (problem === null) return null;
  return (
    <div className="room-banner room-banner-warning" role="alert" data-testid="room-device-notice">
      <span>{deviceErrorText(t, problem)}</span>
      <button type="button" className="icon-button" aria-label={t('controls.dismiss')} onClick={onDismiss}>
        <Icon name="close" size={16} />
      </button>
    </div>
  );
}
