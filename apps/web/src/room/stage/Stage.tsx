// The main stage (live-room spec, section 2): the content chosen by the first media's slug (the
// built-in sample quiz for `demo`, the embedded page of any other, or a notice when it has no build),
// behind the game load; while an animator shares a screen, non-animators see the share instead. With
// no content to show, the speaker's camera takes the stage (stageSpeaker.ts: a webinar's layout). The
// media session is told whose media the stage shows large (the sharer's screen, the speaker's camera),
// so a media server sends it in its highest simulcast layer and every thumbnail in its lowest.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoom, useRoomState } from '../roomContext.ts';
import { EmbeddedPage } from './EmbeddedPage.tsx';
import { GameStage } from './GameStage.tsx';
import { QuizLoader } from './QuizLoader.tsx';
import { ScreenShareView } from './ScreenShareView.tsx';
import { SpeakerView } from './SpeakerView.tsx';
import { stageContent } from './stageContent.ts';
import { stageSpeaker } from './stageSpeaker.ts';
import './stage.css';

export function Stage() {
  const { t } = useTranslation('room');
  const { me, token, media } = useRoom();
  const sharerId = useRoomState((state) => state.screenShare?.participantId ?? null);
  const sharerName = useRoomState(
    (state) => state.viewers.find((viewer) => viewer.id === sharerId)?.name ?? '',
  );
  const content = stageContent(token.medias);
  const lastSpeaker = useRef<number | null>(null);
  const speakerId = useRoomState((state) =>
    content.kind === 'none'
      ? stageSpeaker({
          viewers: state.viewers,
          speakerId: state.speakerId,
          selfId: me.participantId,
          previous: lastSpeaker.current,
        })
      : null,
  );
  lastSpeaker.current = speakerId;
  const showsShare = sharerId !== null && !me.isAnimator;
  const shownLarge = showsShare ? sharerId : speakerId;

  useEffect(() => {
    if (media === null) return;
    media.setStage?.(shownLarge);
    return () => media.setStage?.(null);
  }, [media, shownLarge]);

  if (sharerId !== null && !me.isAnimator) {
    return (
      <section
        className="stage"
        data-testid="stage"
        data-content="screen-share"
        aria-label={t('stage.label')}
      >
        <ScreenShareView sharerId={sharerId} />
      </section>
    );
  }

  return (
    <section className="stage" data-testid="stage" data-content={content.kind} aria-label={t('stage.label')}>
      {sharerId !== null && (
        <p className="stage-notice" role="status" data-testid="stage-sharing-notice">
          {sharerId === me.participantId
            ? t('stage.youShare')
            : t('stage.animatorShares', { name: sharerName })}
        </p>
      )}
      {content.kind === 'quiz' && (
        <GameStage key={content.media.id} label={content.media.name} media={content.media}>
          {(report) => <QuizLoader report={report} />}
        </GameStage>
      )}
      {content.kind === 'embedded' && (
        <GameStage key={content.media.id} label={content.media.name} media={content.media}>
          {(report) => <EmbeddedPage media={content.media} buildPath={content.buildPath} report={report} />}
        </GameStage>
      )}
      {content.kind === 'none' && speakerId !== null && <SpeakerView speakerId={speakerId} />}
      {content.kind === 'none' && speakerId === null && (
        <div className="stage-panel" data-testid="stage-empty">
          <h2>{content.media?.name ?? t('stage.noMediaTitle')}</h2>
          <p>{t('stage.noContent')}</p>
        </div>
      )}
    </section>
  );
}
