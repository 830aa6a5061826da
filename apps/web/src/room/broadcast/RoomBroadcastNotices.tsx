// What the event's staff broadcast, at the top of the room (issue 33, part 4): their banner until they
// clear it or it expires, the breakouts' countdown and where everyone comes back to, and the recall
// (taking the person to that room, or telling them why they were brought here). One polite live region
// says each of them once; the countdown's seconds are shown, never read out.
import { bannerShownAt, breakoutSecondsLeft } from '@lablive/domain';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../format/useFormat.ts';
import { useRoomName } from '../../i18n/roomName.ts';
import { useRoom, useRoomState } from '../roomContext.ts';
import { useClock } from './useClock.ts';
import { useRecall, useRecalledFrom } from './useRecall.ts';
import './roomBroadcast.css';

function clockText(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}

export function RoomBroadcastNotices() {
  const { t } = useTranslation();
  const nameOf = useRoomName();
  const format = useFormat();
  const { roomId, token } = useRoom();
  const { banner, breakout } = useRoomState((state) => state.broadcast);
  const ticking = (banner?.expiresAt ?? null) !== null || breakoutSecondsLeft(breakout, Date.now()) !== null;
  const now = useClock(ticking);
  const shownBanner = bannerShownAt(banner, now);
  const secondsLeft = breakoutSecondsLeft(breakout, now);
  const recall = useRecall(roomId, token.roomName, breakout);
  const recalledFrom = useRecalledFrom();
  const target = breakout === null ? '' : nameOf(breakout.targetRoomName);
  const endsAt = breakout?.endsAt == null ? '' : format.timeFormat().format(new Date(breakout.endsAt));

  return (
    <div className="room-broadcast" role="status" aria-live="polite" data-testid="room-broadcast">
      {shownBanner !== null && (
        <p className="room-banner room-broadcast-banner" data-testid="room-broadcast-banner">
          <span className="room-broadcast-label">{t('broadcast.bannerLabelShown')}</span>
          <span>{shownBanner.text}</span>
        </p>
      )}
      {secondsLeft !== null && (
        <p className="room-banner room-breakout" data-testid="room-breakout-countdown">
          <span aria-hidden="true">
            {t('broadcast.countdown', { time: clockText(secondsLeft), room: target })}
          </span>
          <span className="visually-hidden">
            {t('broadcast.countdownAnnounced', { time: endsAt, room: target })}
          </span>
        </p>
      )}
      {recall.movingTo !== null && (
        <p className="room-banner room-breakout" data-testid="room-recalled-away">
          {t('broadcast.recalledAway', { room: nameOf(recall.movingTo.targetRoomName) })}
        </p>
      )}
      {recall.movingTo === null && recall.recalledHere && (
        <p className="room-banner room-breakout" data-testid="room-recalled-here">
          {t('broadcast.recalledHere')}
        </p>
      )}
      {recalledFrom !== null && (
        <p className="room-banner room-breakout" data-testid="room-brought-back">
          {t('broadcast.broughtBack', { room: nameOf(recalledFrom) })}
        </p>
      )}
    </div>
  );
}
