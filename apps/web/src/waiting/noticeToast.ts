// Turns a waiting-room notice into the toast the person sees, 7 s (live-room spec, sections 8 and 9):
// the spec's French messages in French, translated otherwise. A repeated notice replaces its toast
// instead of stacking; a successful device switch takes the "updating" toast away.
import type { TFunction } from 'i18next';
import { DEVICE_TOAST_DURATION_MS, type ToastRequest, type ToastTone } from '../components/toasts/index.ts';
import type { WaitingNotice } from './waitingNotices.ts';

export type NoticeAction = { show: ToastRequest } | { dismiss: string };

const DEVICE_UPDATE_KEY = 'devices-update';

export function noticeToast(tw: TFunction<'waiting'>, notice: WaitingNotice): NoticeAction {
  const toast = (title: string, tone: ToastTone, key: string): NoticeAction => ({
    show: { title, tone, key, durationMs: DEVICE_TOAST_DURATION_MS, testId: `toast-${notice.type}` },
  });
  switch (notice.type) {
    case 'cameraNotDetected':
      return toast(tw('notices.cameraNotDetected'), 'warning', notice.type);
    case 'microphoneNotDetected':
      return toast(tw('notices.microphoneNotDetected'), 'warning', notice.type);
    case 'sourceFailed': {
      const label = notice.label === '' ? tw('notices.unknownDevice') : notice.label;
      const title =
        notice.kind === 'audioinput'
          ? tw('notices.audioSourceFailed', { label })
          : tw('notices.videoSourceFailed', { label });
      return toast(title, 'error', `${notice.type}-${notice.kind}`);
    }
    case 'devicesAdvised':
      return toast(tw('notices.devicesAdvised'), 'warning', notice.type);
    case 'noAudioOutput':
      return toast(tw('notices.noAudioOutput'), 'warning', notice.type);
    case 'noAudioInput':
      return toast(tw('notices.noAudioInput'), 'warning', notice.type);
    case 'noCamera':
      return toast(tw('notices.noCamera'), 'warning', notice.type);
    case 'devicesUpdating':
      return toast(tw('notices.devicesUpdating'), 'info', DEVICE_UPDATE_KEY);
    case 'devicesUpdated':
      return { dismiss: DEVICE_UPDATE_KEY };
    case 'devicesUpdateFailed':
      return toast(tw('notices.devicesUpdateFailed'), 'error', DEVICE_UPDATE_KEY);
    case 'deviceUnplugged':
      return notice.kind === 'audioinput'
        ? toast(tw('notices.microphoneUnplugged'), 'info', `${notice.type}-${notice.kind}`)
        : toast(tw('notices.cameraUnplugged'), 'info', `${notice.type}-${notice.kind}`);
    case 'deviceDetected':
      return notice.kind === 'audioinput'
        ? toast(tw('notices.microphoneDetected'), 'info', `${notice.type}-${notice.kind}`)
        : toast(tw('notices.cameraDetected'), 'info', `${notice.type}-${notice.kind}`);
    default: {
      const unknown: never = notice;
      throw new Error(`Unknown waiting-room notice ${JSON.stringify(unknown)}`);
    }
  }
}
