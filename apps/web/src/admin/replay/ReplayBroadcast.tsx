// What the event's staff broadcast, as the room held it at the replayed instant (issue 33, part 4): the
// banner then shown (one past its expiry is not), the announcements so far, and the breakouts' timer or
// recall. Nothing is shown for a room that received none.
import type { ReplayState } from '@lablive/domain';
import { useTranslation } from 'react-i18next';
import { useRoomName } from '../../i18n/roomName.ts';

export function ReplayBroadcast({ state, time }: { state: ReplayState; time: Intl.DateTimeFormat }) {
  const { t } = useTranslation();
  const nameOf = useRoomName();
  const { banner, announcements, breakout } = state.view.broadcast;
  const at = Date.parse(state.at);
  const shownBanner =
    banner !== null && (banner.expiresAt === null || Date.parse(banner.expiresAt) > at) ? banner : null;
  if (shownBanner === null && announcements.length === 0 && breakout === null) return null;
  const clock = (iso: string) => time.format(Date.parse(iso));
  return (
    <section className="replay-panel" aria-labelledby="replay-broadcast-title" data-testid="replay-broadcast">
      <h2 id="replay-broadcast-title">{t('broadcast.replayAnnouncements')}</h2>
      {shownBanner !== null && (
        <p data-testid="replay-banner">
          <strong>{t('broadcast.replayBanner')}</strong> {shownBanner.text}
        </p>
      )}
      {breakout !== null && (
        <p data-testid="replay-breakout">
          {breakout.recalledAt === null
            ? t('broadcast.replayBreakout', { room: nameOf(breakout.targetRoomName) })
            : t('broadcast.replayRecalled', { room: nameOf(breakout.targetRoomName) })}
        </p>
      )}
      {announcements.length > 0 && (
        <ul data-testid="replay-announcements">
          {announcements.map((announcement) => (
            <li key={announcement.id}>
              <time dateTime={announcement.at}>{clock(announcement.at)}</time> {announcement.text}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
