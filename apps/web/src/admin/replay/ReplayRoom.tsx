// The room at the replayed instant: the session, who was in the room, the chat so far, the polls with
// their counts, the questions as the animators saw them, the stage (screen share, presentation) and the documents shared. Read-only; personal
// notes are never part of a replay.
import type { ReplayState } from '@lablive/domain';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErasableText } from '../../format/ErasableText.tsx';
import { useFormat } from '../../format/useFormat.ts';
import { ReplayQuestions } from '../stats/QuestionTable.tsx';
import { ReplayBroadcast } from './ReplayBroadcast.tsx';

export function ReplayRoom({
  state,
  busy,
  time,
}: {
  state: ReplayState | null;
  busy: boolean;
  time: Intl.DateTimeFormat;
}) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const chatEnd = useRef<HTMLLIElement>(null);
  const lastMessage = state?.view.chat.messages.at(-1)?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolled when the last message changes
  useEffect(() => {
    chatEnd.current?.scrollIntoView({ block: 'nearest' });
  }, [lastMessage]);
  if (state === null) return null;
  const { view } = state;
  const { session } = view;
  const clock = (iso: string) => time.format(Date.parse(iso));

  return (
    <div className="replay-room" aria-busy={busy} data-testid="replay-room" data-version={state.version}>
      <section className="replay-panel" aria-labelledby="replay-session-title">
        <h2 id="replay-session-title">{t('replay.session')}</h2>
        <p data-testid="replay-session" data-status={session.status}>
          {t(`replay.sessionStatus.${session.status}`, { number: session.number })}
        </p>
      </section>

      <section className="replay-panel" aria-labelledby="replay-people-title">
        <h2 id="replay-people-title">{t('replay.people', { count: view.viewers.length })}</h2>
        {view.viewers.length === 0 ? (
          <p className="replay-hint">{t('replay.nobody')}</p>
        ) : (
          <ul className="replay-people" data-testid="replay-people">
            {view.viewers.map((viewer) => (
              <li key={viewer.id} data-testid="replay-person" data-name={viewer.name}>
                <span className="replay-person-name">
                  <ErasableText text={viewer.name} />
                </span>{' '}
                <span className="replay-person-role">
                  {t(`replay.roles.${viewer.role}`, { defaultValue: viewer.role })}
                </span>
                {viewer.speaking && <span className="badge">{t('replay.speaking')}</span>}
                {viewer.requestingSpeak && <span className="badge">{t('replay.asking')}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="replay-panel replay-chat-panel" aria-labelledby="replay-chat-title">
        <h2 id="replay-chat-title">{t('replay.chat')}</h2>
        <p className="replay-hint" data-testid="replay-chat-count" data-count={view.chat.total}>
          {t('replay.chatCount', { count: view.chat.total })}
          {view.chat.total > view.chat.messages.length &&
            ` (${t('replay.chatShown', { count: view.chat.messages.length })})`}
        </p>
        {view.chat.messages.length === 0 ? (
          <p className="replay-hint">{t('replay.noChat')}</p>
        ) : (
          <ol className="replay-chat" data-testid="replay-chat">
            {view.chat.messages.map((message) => (
              <li key={message.id} data-testid="replay-message">
                <span className="replay-chat-meta">
                  <strong>
                    <ErasableText text={message.from.name} />
                  </strong>{' '}
                  <time dateTime={message.at}>{clock(message.at)}</time>
                </span>
                <span className="replay-chat-text">
                  <ErasableText text={message.text} />
                </span>
              </li>
            ))}
            <li ref={chatEnd} aria-hidden="true" />
          </ol>
        )}
      </section>

      <section className="replay-panel" aria-labelledby="replay-polls-title">
        <h2 id="replay-polls-title">{t('replay.polls')}</h2>
        {view.polls.length === 0 ? (
          <p className="replay-hint">{t('replay.noPolls')}</p>
        ) : (
          <ul className="replay-polls" data-testid="replay-polls">
            {view.polls.map((poll) => (
              <li key={poll.id} data-status={poll.status}>
                <p>
                  <strong>{poll.title}</strong>{' '}
                  <span className="badge">{t(`replay.pollStatus.${poll.status}`)}</span>{' '}
                  <span className="replay-hint">{t('replay.respondents', { count: poll.respondents })}</span>
                </p>
                <ul className="replay-options">
                  {poll.options.map((option, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: an option is the one at its place in the poll
                    <li key={index}>
                      <span>
                        {t('replay.option', { ...option, percentage: format.percent(option.percentage, 1) })}
                      </span>
                      <span className="replay-bar" aria-hidden="true">
                        <span style={{ width: `${Math.min(100, option.percentage)}%` }} />
                      </span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>

      <ReplayQuestions questions={view.questions} />

      <ReplayBroadcast state={state} time={time} />

      <section className="replay-panel" aria-labelledby="replay-stage-title">
        <h2 id="replay-stage-title">{t('replay.stage')}</h2>
        <p data-testid="replay-screen-share">
          {view.screenShare === null ? (
            t('replay.noScreenShare')
          ) : (
            <ErasableText text={t('replay.screenShare', { name: view.screenShare.name })} />
          )}
        </p>
        <p data-testid="replay-scene">
          {view.presentation.scene === null
            ? t('replay.noScene')
            : t('replay.scene', { scene: view.presentation.scene, step: view.presentation.step + 1 })}
        </p>
        <h3>{t('replay.documents')}</h3>
        {view.sharedDocuments.length === 0 ? (
          <p className="replay-hint">{t('replay.noDocuments')}</p>
        ) : (
          <ul data-testid="replay-documents">
            {view.sharedDocuments.map((document) => (
              <li key={document.id}>
                {document.name}
                {document.extension && `.${document.extension}`}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
