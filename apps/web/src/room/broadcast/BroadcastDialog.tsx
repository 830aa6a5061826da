// "To every room" in the live room's header, for animators (issue 33, part 4): opens the broadcast panel
// for the room's event, its rooms read when it opens. Loaded on first use, like the report form.
import { createBroadcastApi } from '@lablive/client';
import type { EventRoom } from '@lablive/domain';
import { Dialog } from 'radix-ui';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BroadcastPanel } from '../../broadcast/BroadcastPanel.tsx';
import { Icon } from '../../components/Icon.tsx';
import { useRoom, useRoomState } from '../roomContext.ts';

export function BroadcastDialog() {
  const { t } = useTranslation();
  const { api, eventId, roomId } = useRoom();
  const broadcastApi = useMemo(() => createBroadcastApi(api.transport), [api]);
  const breakout = useRoomState((state) => state.broadcast.breakout);
  const [open, setOpen] = useState(false);
  const [rooms, setRooms] = useState<readonly EventRoom[] | null>(null);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    api.rooms
      .eventRooms(eventId, { signal: controller.signal })
      .then(setRooms)
      .catch(() => setRooms([]));
    return () => controller.abort();
  }, [open, api, eventId]);

  const running = breakout !== null && breakout.recalledAt === null ? breakout.id : null;
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button type="button" className="header-button" data-testid="broadcast-open">
          <Icon name="megaphone" />
          <span className="header-button-label">{t('broadcast.open')}</span>
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog broadcast-dialog" data-testid="broadcast-dialog">
          <header className="dialog-header">
            <Dialog.Title className="dialog-title">{t('broadcast.title')}</Dialog.Title>
            <Dialog.Close className="icon-button" aria-label={t('broadcast.close')}>
              <Icon name="close" size={18} />
            </Dialog.Close>
          </header>
          <Dialog.Description className="muted">{t('broadcast.intro')}</Dialog.Description>
          {rooms !== null && (
            <BroadcastPanel
              eventId={eventId}
              rooms={rooms}
              api={broadcastApi}
              defaultTargetRoomId={roomId}
              runningBreakoutId={running}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
