// Sending to every room of a running event (issue 33, part 4): a message shown in each room's chat, a
// banner at the top of each room (for some minutes, or until cleared), and breakouts: a countdown in
// every room, at whose end (or at "bring everyone back now") everyone is taken to the room chosen. The
// live room's "To every room" dialog and the back office's event page both show it; the server decides
// who may send (the event's animators and its managers).
import type { BroadcastApi } from '@lablive/client';
import { BROADCAST_LIMITS } from '@lablive/domain';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../format/useFormat.ts';
import { useRoomName } from '../i18n/roomName.ts';
import { BroadcastResult } from './BroadcastResult.tsx';
import { useBroadcastCall } from './useBroadcastCall.ts';
import './broadcast.css';

export type BroadcastRoom = { id: number; name: string };

type PanelProps = {
  eventId: number;
  rooms: readonly BroadcastRoom[];
  api: BroadcastApi;
  /** The room everyone comes back to by default (the live room's own). */
  defaultTargetRoomId?: number | undefined;
  /** The breakout running now, which "bring everyone back now" ends early. */
  runningBreakoutId?: string | null | undefined;
};

const BANNER_MINUTES = [5, 15, 30, 60] as const;

export function BroadcastPanel(props: PanelProps) {
  return (
    <div className="broadcast-panel" data-testid="broadcast-panel">
      <MessageForm {...props} />
      <BannerForm {...props} />
      <BreakoutForm {...props} />
    </div>
  );
}

function MessageForm({ eventId, api }: PanelProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const call = useBroadcastCall();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const sent = await call.run((requestId) => api.announce(eventId, { request_id: requestId, text }));
    if (sent?.rooms.every((room) => room.delivered)) setText('');
  };
  return (
    <form
      className="broadcast-section"
      onSubmit={(event) => void submit(event)}
      data-testid="broadcast-message-form"
    >
      <h3 className="broadcast-heading">{t('broadcast.message')}</h3>
      <label htmlFor={`${id}-text`}>{t('broadcast.messageLabel')}</label>
      <textarea
        id={`${id}-text`}
        className="input"
        rows={2}
        required
        maxLength={BROADCAST_LIMITS.announcementText}
        aria-describedby={`${id}-hint`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        data-testid="broadcast-message"
      />
      <p id={`${id}-hint`} className="muted broadcast-hint">
        {t('broadcast.messageHint')}
      </p>
      <button
        type="submit"
        className="button button-primary"
        disabled={call.sending}
        data-testid="broadcast-send"
      >
        {call.sending ? t('broadcast.sending') : t('broadcast.send')}
      </button>
      <BroadcastResult result={call.result} testId="broadcast-message-result" />
    </form>
  );
}

function BannerForm({ eventId, api }: PanelProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const [minutes, setMinutes] = useState<string>('');
  const set = useBroadcastCall();
  const clear = useBroadcastCall();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const duration = minutes === '' ? null : Number(minutes);
    await set.run((requestId) => api.setBanner(eventId, { request_id: requestId, text, minutes: duration }));
  };
  const result = clear.result ?? set.result;
  return (
    <form
      className="broadcast-section"
      onSubmit={(event) => void submit(event)}
      data-testid="broadcast-banner-form"
    >
      <h3 className="broadcast-heading">{t('broadcast.banner')}</h3>
      <label htmlFor={`${id}-text`}>{t('broadcast.bannerLabel')}</label>
      <input
        id={`${id}-text`}
        className="input"
        required
        maxLength={BROADCAST_LIMITS.bannerText}
        aria-describedby={`${id}-hint`}
        value={text}
        onChange={(event) => setText(event.target.value)}
        data-testid="broadcast-banner-text"
      />
      <p id={`${id}-hint`} className="muted broadcast-hint">
        {t('broadcast.bannerHint')}
      </p>
      <label htmlFor={`${id}-minutes`}>{t('broadcast.bannerDuration')}</label>
      <select
        id={`${id}-minutes`}
        className="input"
        value={minutes}
        onChange={(event) => setMinutes(event.target.value)}
        data-testid="broadcast-banner-minutes"
      >
        <option value="">{t('broadcast.bannerUntilCleared')}</option>
        {BANNER_MINUTES.map((count) => (
          <option key={count} value={count}>
            {t('broadcast.minutes', { count })}
          </option>
        ))}
      </select>
      <div className="broadcast-actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={set.sending}
          data-testid="broadcast-banner-set"
        >
          {set.sending ? t('broadcast.sending') : t('broadcast.setBanner')}
        </button>
        <button
          type="button"
          className="button"
          disabled={clear.sending}
          data-testid="broadcast-banner-clear"
          onClick={() => void clear.run((requestId) => api.clearBanner(eventId, { request_id: requestId }))}
        >
          {t('broadcast.clearBanner')}
        </button>
      </div>
      <BroadcastResult result={result} testId="broadcast-banner-result" />
    </form>
  );
}

function BreakoutForm({ eventId, api, rooms, defaultTargetRoomId, runningBreakoutId }: PanelProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [minutes, setMinutes] = useState('10');
  const [target, setTarget] = useState(String(defaultTargetRoomId ?? rooms[0]?.id ?? ''));
  const [started, setStarted] = useState<{ id: string; endsAt: string } | null>(null);
  const start = useBroadcastCall();
  const recall = useBroadcastCall();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { minutes: Number(minutes), target_room_id: Number(target) };
    const answer = await start.run((requestId) =>
      api.startBreakout(eventId, { request_id: requestId, ...body }),
    );
    if (answer !== null) setStarted({ id: answer.breakout_id, endsAt: answer.ends_at });
  };
  const breakoutId = runningBreakoutId ?? started?.id;
  const bringBack = () =>
    void recall.run((requestId) =>
      api.recall(eventId, {
        request_id: requestId,
        target_room_id: Number(target),
        ...(breakoutId ? { breakout_id: breakoutId } : {}),
      }),
    );
  return (
    <form
      className="broadcast-section"
      onSubmit={(event) => void submit(event)}
      data-testid="broadcast-breakout-form"
    >
      <h3 className="broadcast-heading">{t('broadcast.breakouts')}</h3>
      <p className="muted broadcast-hint">{t('broadcast.breakoutsHint')}</p>
      <BreakoutFields
        rooms={rooms}
        minutes={minutes}
        target={target}
        onMinutes={setMinutes}
        onTarget={setTarget}
      />
      <div className="broadcast-actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={start.sending}
          data-testid="broadcast-breakout-start"
        >
          {start.sending ? t('broadcast.sending') : t('broadcast.startBreakouts')}
        </button>
        <button
          type="button"
          className="button"
          disabled={recall.sending}
          data-testid="broadcast-recall"
          onClick={bringBack}
        >
          {t('broadcast.recallNow')}
        </button>
      </div>
      <BroadcastResult result={recall.result ?? start.result} testId="broadcast-breakout-result" />
      {started !== null && (
        <p className="muted" data-testid="broadcast-breakout-ends">
          {t('broadcast.breakoutEnds', { time: format.timeFormat().format(new Date(started.endsAt)) })}
        </p>
      )}
    </form>
  );
}

function BreakoutFields(props: {
  rooms: readonly BroadcastRoom[];
  minutes: string;
  target: string;
  onMinutes: (minutes: string) => void;
  onTarget: (roomId: string) => void;
}) {
  const { t } = useTranslation();
  const nameOf = useRoomName();
  const id = useId();
  const { rooms, minutes, target } = props;
  return (
    <>
      <label htmlFor={`${id}-minutes`}>{t('broadcast.breakoutMinutes')}</label>
      <input
        id={`${id}-minutes`}
        className="input"
        type="number"
        inputMode="numeric"
        min={1}
        max={BROADCAST_LIMITS.breakoutMinutes}
        required
        value={minutes}
        onChange={(event) => props.onMinutes(event.target.value)}
        data-testid="broadcast-breakout-minutes"
      />
      <label htmlFor={`${id}-target`}>{t('broadcast.targetRoom')}</label>
      <select
        id={`${id}-target`}
        className="input"
        value={target}
        onChange={(event) => props.onTarget(event.target.value)}
        data-testid="broadcast-breakout-target"
      >
        {rooms.map((room) => (
          <option key={room.id} value={room.id}>
            {nameOf(room.name)}
          </option>
        ))}
      </select>
    </>
  );
}
