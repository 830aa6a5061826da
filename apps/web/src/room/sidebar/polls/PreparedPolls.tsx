// The saved polls an animator may ask in this room (issue 17, part 2): those the back office prepared
// for the lab or the event, and the room's own saved ones it does not run yet, with their question and
// options count, each asked and opened to everyone in one click (PUT polls/{id} with this room: the
// server checks the poll is the lab's and asks it here).
// Once asked, a poll leaves this list for the room's own below, where it is closed and its results read.
// The list is read when the panel opens, and again on demand (the back office may add one meanwhile).
import type { PollView } from '@lablive/domain';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Spinner.tsx';
import { toFailure } from '../../../failure.ts';
import { describeFailure } from '../../../i18n/messages.ts';
import { useRoom, useRoomState } from '../../roomContext.ts';
import { useItemAction } from '../../useItemAction.ts';
import { SidebarError } from '../SidebarError.tsx';
import { pollsToAsk } from './preparedPolls.ts';

type Saved =
  | { status: 'loading' }
  | { status: 'loaded'; polls: PollView[] }
  | { status: 'failed'; reason: string };

export function PreparedPolls() {
  const { t } = useTranslation('room');
  const { t: tCommon } = useTranslation();
  const { api, roomId, token } = useRoom();
  const inRoom = useRoomState((state) => state.polls);
  // The room token's list shows at once; the room's data then says what is prepared now.
  const [saved, setSaved] = useState<Saved>({ status: 'loaded', polls: token.polls });
  const [generation, setGeneration] = useState(0);
  const { pending: asking, error, run } = useItemAction();
  const reason = useCallback((failure: unknown) => describeFailure(tCommon, toFailure(failure)), [tCommon]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation is a reload.
  useEffect(() => {
    const controller = new AbortController();
    api.rooms.room(roomId, { signal: controller.signal }).then(
      (room) => setSaved({ status: 'loaded', polls: room.polls }),
      (failure: unknown) => {
        if (!controller.signal.aborted) setSaved({ status: 'failed', reason: reason(failure) });
      },
    );
    return () => controller.abort();
  }, [api, roomId, reason, generation]);

  const ask = (poll: PollView) =>
    run(
      poll.id,
      () => api.rooms.updatePoll(poll.id, { active: true, room_id: roomId }),
      (why) => t('polls.askFailed', { reason: why }),
    );

  const offered = saved.status === 'loaded' ? pollsToAsk(saved.polls, inRoom, roomId) : [];
  return (
    <section className="prepared-polls" aria-labelledby="prepared-polls-title" data-testid="prepared-polls">
      <div className="prepared-polls-head">
        <h3 id="prepared-polls-title" className="sidebar-subheading">
          {t('polls.prepared')}
        </h3>
        <button
          type="button"
          className="icon-button"
          aria-label={t('polls.refreshPrepared')}
          title={t('polls.refreshPrepared')}
          data-testid="prepared-polls-refresh"
          onClick={() => setGeneration((value) => value + 1)}
        >
          <span aria-hidden="true">↻</span>
        </button>
      </div>
      <p className="sidebar-muted">{t('polls.preparedHint')}</p>
      <SidebarError
        error={saved.status === 'failed' ? t('polls.preparedFailed', { reason: saved.reason }) : null}
      />
      {saved.status === 'loaded' && offered.length === 0 && (
        <p className="sidebar-muted" data-testid="prepared-polls-none">
          {t('polls.noPrepared')}
        </p>
      )}
      {offered.length > 0 && (
        <ul className="prepared-poll-list">
          {offered.map((poll) => (
            <li key={poll.id} className="prepared-poll" data-testid={`prepared-poll-${poll.id}`}>
              <div className="prepared-poll-text">
                <span className="prepared-poll-title">{poll.title}</span>
                {poll.title !== poll.question && (
                  <span className="prepared-poll-question">{poll.question}</span>
                )}
                <span className="sidebar-muted">
                  {t('polls.optionCount', { count: poll.options.length })}
                </span>
              </div>
              <button
                type="button"
                className="button button-primary button-small"
                aria-label={t('polls.askPoll', { title: poll.title })}
                aria-busy={asking === poll.id}
                disabled={asking !== null}
                data-testid={`prepared-poll-ask-${poll.id}`}
                onClick={() => void ask(poll)}
              >
                {asking === poll.id ? <Spinner /> : t('polls.ask')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <SidebarError error={error} testId="prepared-poll-error" />
    </section>
  );
}
