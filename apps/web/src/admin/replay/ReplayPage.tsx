// A room's session replayed (/admin/sessions/{roomId}/replay; issue 18 part 5): the timeline of its
// stream with markers (joins and leaves, polls, shares, scenes, the session's start and end), a scrubber
// and play at 1x to 16x, and the room as it was at the instant shown: who was there, the chat so far,
// the polls with their counts, what was shared and on stage. Each instant is the server's fold of the
// room's own stream up to it (the replay projection), so the replay and the live room cannot disagree.
// Beside the title, the room's log signed for an inspector (issue 32), as a session's detail has it.
import type { ReplayTimeline } from '@lablive/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { replayApi } from '../adminApi.ts';
import { InspectorNote } from '../inspection/InspectorNote.tsx';
import { RoomLogButton, useRoomLogDownload } from '../inspection/RoomLogButton.tsx';
import { LoadFailure } from '../LoadFailure.tsx';
import { useReplayTimeline } from '../resources/replay.ts';
import { ReplayRoom } from './ReplayRoom.tsx';
import { useReplayState } from './useReplayState.ts';
import './replay.css';
import { instantFormat } from '../../format/dayTime.ts';
import { RecordPage } from '../RecordRoutes.tsx';

const SPEEDS = [1, 2, 4, 8, 16] as const;
/** How often playing moves the instant on (real time); each step asks for the room at the new instant. */
const TICK_MS = 250;

export function ReplayPage() {
  const { t } = useTranslation('admin');
  return (
    <RecordPage
      param="roomId"
      useRecord={useReplayTimeline}
      back={{ to: '/admin/stats', label: t('replay.back') }}
      titleId="replay-title"
      fallbackTitle={t('replay.title', { event: '' })}
      errorTestId="replay-error"
      className="replay-page"
      testId="replay-page"
    >
      {(timeline) => <Replay timeline={timeline} />}
    </RecordPage>
  );
}

function Replay({ timeline }: { timeline: ReplayTimeline }) {
  const { t, i18n } = useTranslation('admin');
  const from = timeline.from === null ? null : Date.parse(timeline.from);
  const to = timeline.to === null ? null : Date.parse(timeline.to);
  const [instant, setInstant] = useState<number | null>(to);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<(typeof SPEEDS)[number]>(1);
  const [retry, setRetry] = useState(0);
  const time = useMemo(
    () => instantFormat(i18n.language, timeline.time_zone),
    [i18n.language, timeline.time_zone],
  );
  const room = useReplayState(
    (at, signal) => replayApi.stateAt(timeline.room_id, at, { signal }),
    instant,
    retry,
  );

  useEffect(() => {
    if (!playing || to === null) return;
    const timer = setInterval(() => {
      setInstant((current) => {
        const next = Math.min(to, (current ?? from ?? to) + TICK_MS * speed);
        if (next >= to) setPlaying(false);
        return next;
      });
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [playing, speed, from, to]);

  const header = <ReplayHeader timeline={timeline} />;
  if (from === null || to === null || instant === null) {
    return (
      <>
        {header}
        <p data-testid="replay-empty">{t('replay.empty')}</p>
      </>
    );
  }
  const span = Math.max(1, to - from);
  const position = (at: string) => `${((Date.parse(at) - from) / span) * 100}%`;

  return (
    <>
      {header}
      <section className="replay-timeline" aria-labelledby="replay-timeline-title">
        <h2 id="replay-timeline-title" className="visually-hidden">
          {t('replay.timeline')}
        </h2>
        <div className="replay-controls">
          <button
            type="button"
            className="button button-primary"
            data-testid="replay-play"
            aria-pressed={playing}
            onClick={() => {
              if (!playing && instant >= to) setInstant(from);
              setPlaying(!playing);
            }}
          >
            {playing ? t('replay.pause') : t('replay.play')}
          </button>
          <label className="replay-speed">
            {t('replay.speed')}{' '}
            <select
              value={speed}
              data-testid="replay-speed"
              onChange={(event) => setSpeed(Number(event.target.value) as (typeof SPEEDS)[number])}
            >
              {SPEEDS.map((each) => (
                <option key={each} value={each}>
                  {each}×
                </option>
              ))}
            </select>
          </label>
          <output className="replay-now" data-testid="replay-now" data-at={new Date(instant).toISOString()}>
            {time.format(instant)}
          </output>
        </div>
        <div className="replay-track">
          <input
            type="range"
            className="replay-scrubber"
            data-testid="replay-scrubber"
            aria-label={t('replay.instant')}
            aria-valuetext={time.format(instant)}
            min={from}
            max={to}
            step={1000}
            value={instant}
            onChange={(event) => {
              setPlaying(false);
              setInstant(Number(event.target.value));
            }}
          />
          <ReplayMarkers
            timeline={timeline}
            time={time}
            position={position}
            onJump={(at) => {
              setPlaying(false);
              setInstant(at);
            }}
          />
          <div className="replay-ends" aria-hidden="true">
            <span>{time.format(from)}</span>
            <span>{time.format(to)}</span>
          </div>
        </div>
        {timeline.markers_truncated && (
          <p className="replay-hint">{t('replay.markersTruncated', { count: timeline.markers.length })}</p>
        )}
      </section>
      {room.status === 'failed' && (
        <div>
          <LoadFailure failure={room.failure} testId="replay-state-error" />
          <button type="button" className="button" onClick={() => setRetry((count) => count + 1)}>
            {t('replay.retry')}
          </button>
        </div>
      )}
      {room.status === 'loading' && room.last === null ? (
        <PageSpinner />
      ) : (
        <ReplayRoom
          state={room.status === 'loaded' ? room.value : room.last}
          busy={room.status === 'loading'}
          time={time}
        />
      )}
    </>
  );
}

/** The title (the event and the room), the room's signed log to download, and how it is checked. */
function ReplayHeader({ timeline }: { timeline: ReplayTimeline }) {
  const { t } = useTranslation('admin');
  const signedLog = useRoomLogDownload();
  return (
    <>
      <header className="admin-page-header">
        <h1 id="replay-title">
          {t('replay.title', { event: timeline.event_name })}{' '}
          <span className="replay-room-label">{t('replay.room', { room: timeline.room_id })}</span>
        </h1>
        <RoomLogButton roomId={timeline.room_id} signedLog={signedLog} testId="replay-signed-log" />
      </header>
      <InspectorNote testId="replay-inspector-note" />
    </>
  );
}

/** The timeline's markers (polls, documents, chat...), each a button that jumps to its instant. */
function ReplayMarkers(props: {
  timeline: ReplayTimeline;
  time: Intl.DateTimeFormat;
  position: (at: string) => string;
  onJump: (at: number) => void;
}) {
  const { t } = useTranslation('admin');
  const { time } = props;
  return (
    <ol className="replay-markers" aria-label={t('replay.markers')}>
      {props.timeline.markers.map((marker) => {
        const what = t(`replay.markerKinds.${marker.kind}`, { label: marker.label });
        const label = t('replay.jumpTo', { what, time: time.format(Date.parse(marker.at)) });
        return (
          <li key={marker.version} style={{ left: props.position(marker.at) }} data-kind={marker.kind}>
            <button
              type="button"
              className="replay-marker"
              data-testid="replay-marker"
              data-kind={marker.kind}
              data-at={marker.at}
              title={label}
              aria-label={label}
              onClick={() => props.onJump(Date.parse(marker.at))}
            />
          </li>
        );
      })}
    </ol>
  );
}
