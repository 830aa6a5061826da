// Wraps what the stage loads (the sample quiz's code, an embedded page) in the game load machine: a
// progress bar over the stage until 100 %, then a 500 ms fade, or the failure with a retry. The
// content reports its progress through `report`; a retry mounts it afresh.

import type { RoomMedia } from '@lablive/domain';
import { useActorRef, useSelector } from '@xstate/react';
import { Progress } from 'radix-ui';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canvasStyle } from './canvasSize.ts';
import { GAME_FADE_OUT_MS, type GameLoadPhase, gameLoadMachine } from './gameLoadMachine.ts';

export type LoadReport = { progress(percent: number): void; failed(error: string): void };

function phaseOf(snapshot: { matches(state: GameLoadPhase): boolean }): GameLoadPhase {
  if (snapshot.matches('fading')) return 'fading';
  if (snapshot.matches('ready')) return 'ready';
  if (snapshot.matches('failed')) return 'failed';
  return 'loading';
}

export function GameStage({
  label,
  media,
  children,
}: {
  label: string;
  /** The media's canvas: its proportions and size, or the whole stage (canvasSize.ts). */
  media: Pick<RoomMedia, 'canvas_width' | 'canvas_height' | 'full_canvas'>;
  children: (report: LoadReport) => ReactNode;
}) {
  const { t } = useTranslation('room');
  const actor = useActorRef(gameLoadMachine);
  const phase = useSelector(actor, phaseOf);
  const progress = useSelector(actor, (snapshot) => snapshot.context.progress);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const [attempt, setAttempt] = useState(0);
  const report = useMemo<LoadReport>(
    () => ({
      progress: (percent) => actor.send({ type: 'load.progress', percent }),
      failed: (reason) => actor.send({ type: 'load.failed', error: reason }),
    }),
    [actor],
  );

  return (
    <div
      className="game-stage"
      data-phase={phase}
      data-full-canvas={media.full_canvas}
      style={canvasStyle(media)}
    >
      <div className="game-content" key={attempt} aria-busy={phase === 'loading'}>
        {children(report)}
      </div>
      {phase !== 'ready' && (
        <div
          className="game-loader"
          data-testid="stage-loader"
          data-phase={phase}
          style={{ transitionDuration: `${GAME_FADE_OUT_MS}ms` }}
        >
          {phase === 'failed' ? (
            <div role="alert" className="game-loader-box">
              <p>{t('stage.loadFailed', { name: label, reason: error ?? '' })}</p>
              <button
                type="button"
                className="button button-primary"
                onClick={() => {
                  actor.send({ type: 'load.restart' });
                  setAttempt((value) => value + 1);
                }}
              >
                {t('stage.retry')}
              </button>
            </div>
          ) : (
            <div className="game-loader-box" role="status">
              <p>{t('stage.loading', { name: label })}</p>
              <Progress.Root className="progress" value={progress} aria-label={t('stage.loadingProgress')}>
                <Progress.Indicator className="progress-indicator" style={{ width: `${progress}%` }} />
              </Progress.Root>
              <p className="muted">{t('stage.percent', { percent: progress })}</p>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
