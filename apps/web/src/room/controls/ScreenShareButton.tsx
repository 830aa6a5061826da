// Screen sharing, for animators: the media session captures the screen and the room announces its
// stream (StartScreenShare), which non-animators then see on the stage; stopping ends both. When the
// server stops the share (a presentation scene was chosen), the capture stops too.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoom, useRoomState } from '../roomContext.ts';
import { useCommand } from '../sidebar/useCommand.ts';
import { ControlSlot } from './ControlSlot.tsx';
import { ControlToggle } from './ControlToggle.tsx';

/** The person closed the browser's screen picker: nothing to report. */
const isCancelled = (error: unknown) => error instanceof DOMException && error.name === 'NotAllowedError';

export function ScreenShareButton() {
  const { t } = useTranslation('room');
  const { me, media } = useRoom();
  const sharerId = useRoomState((state) => state.screenShare?.participantId ?? null);
  const sharing = sharerId === me.participantId;
  const command = useCommand();
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const capturing = useRef(false);

  useEffect(() => {
    if (sharing || !capturing.current || media === null) return;
    media.stopScreenShare();
    capturing.current = false;
  }, [sharing, media]);

  useEffect(
    () => () => {
      if (capturing.current) media?.stopScreenShare();
    },
    [media],
  );

  async function start() {
    if (media === null) return;
    setError(null);
    setStarting(true);
    try {
      const streamId = await media.startScreenShare();
      capturing.current = true;
      if (!(await command.run({ type: 'StartScreenShare', data: { streamId } }))) {
        media.stopScreenShare();
        capturing.current = false;
      }
    } catch (failure) {
      if (!isCancelled(failure)) {
        setError(
          t('controls.screenShareFailed', {
            reason: failure instanceof Error ? failure.message : String(failure),
          }),
        );
      }
    } finally {
      setStarting(false);
    }
  }

  async function stop() {
    setError(null);
    await command.run({ type: 'StopScreenShare', data: {} });
    media?.stopScreenShare();
    capturing.current = false;
  }

  const someoneElse = sharerId !== null && !sharing;
  const label = sharing
    ? t('controls.stopScreenShare')
    : someoneElse
      ? t('controls.screenShareBusy')
      : t('controls.screenShare');
  return (
    <ControlSlot error={error ?? command.error}>
      <ControlToggle
        testId="room-screen-share"
        pressed={sharing}
        label={label}
        icon="screen"
        disabled={media === null || someoneElse || starting || command.pending}
        onToggle={() => void (sharing ? stop() : start())}
      />
    </ControlSlot>
  );
}
