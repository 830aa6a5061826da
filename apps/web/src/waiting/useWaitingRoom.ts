// Runs the waiting-room machine for the page: its notices become toasts, and the preview's camera and
// microphone are released when the page is left (the live room opens its own).
import { useActorRef } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../components/toasts/index.ts';
import { noticeToast } from './noticeToast.ts';
import { stopTracks } from './previewStream.ts';
import { cookiePreferences, waitingRoomLogic } from './waitingRoomLogic.ts';

export function useWaitingRoom(roomId: number | null, isManager: boolean, cameraAllowed: boolean) {
  const actor = useActorRef(waitingRoomLogic, {
    input: { roomId, isManager, cameraAllowed, preferences: cookiePreferences },
  });
  const { t } = useTranslation('waiting');
  const toasts = useToast();
  const leaving = useRef(false);

  useEffect(() => {
    const subscription = actor.on('notice', ({ notice }) => {
      const action = noticeToast(t, notice);
      if ('dismiss' in action) toasts.dismiss(action.dismiss);
      else toasts.show(action.show);
    });
    return () => subscription.unsubscribe();
  }, [actor, t, toasts]);

  useEffect(() => {
    leaving.current = false;
    return () => {
      leaving.current = true;
      // React's development mode unmounts and mounts again at once: release only if the page is gone.
      setTimeout(() => {
        // After Join the stream belongs to the room (handed over): only a page left otherwise stops it.
        const snapshot = actor.getSnapshot();
        if (leaving.current && snapshot.status !== 'done')
          stopTracks(snapshot.context.stream, ['audio', 'video']);
      }, 0);
    };
  }, [actor]);

  return actor;
}

export type WaitingRoomActor = ReturnType<typeof useWaitingRoom>;
