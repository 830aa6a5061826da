// "To every room" on the back office's event page (issue 33, part 4): while the event runs, its staff send
// every room a message or a banner, and run breakouts, from here as from a live room's dialog.
import { createBroadcastApi } from '@lablive/client';
import type { EventRoom, LabEventDetails } from '@lablive/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { BroadcastPanel } from '../../broadcast/BroadcastPanel.tsx';
import { api } from '../../services.ts';

export function EventBroadcast({ event, rooms }: { event: LabEventDetails; rooms: readonly EventRoom[] }) {
  const { t } = useTranslation();
  const broadcastApi = useMemo(() => createBroadcastApi(api.transport), []);
  if (!event.active || event.end_date !== null || rooms.length === 0) return null;
  return (
    <section className="room-card" aria-labelledby="event-broadcast-title" data-testid="event-broadcast">
      <h2 id="event-broadcast-title">{t('broadcast.title')}</h2>
      <p className="muted">{t('broadcast.intro')}</p>
      <BroadcastPanel eventId={event.id} rooms={rooms} api={broadcastApi} />
    </section>
  );
}
