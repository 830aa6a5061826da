// The animator's side of the polls tab: the prepared polls of the lab to ask in one click, the form for
// a new poll, then every poll of the room with its own lifecycle (edit, start, close, results). Loaded
// for animators only (PollsPanel).
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoomState } from '../../roomContext.ts';
import { AnimatorPollCard } from './AnimatorPollCard.tsx';
import { PollComposer } from './PollComposer.tsx';
import { PreparedPolls } from './PreparedPolls.tsx';

/** How long "poll saved" stays under the fresh form. */
const SAVED_NOTICE_MS = 5000;

export function AnimatorPolls() {
  const { t } = useTranslation('room');
  const polls = useRoomState((state) => state.polls);
  // Each saved poll joins the list below with its own lifecycle; the form starts afresh.
  const [form, setForm] = useState(0);
  const [saved, setSaved] = useState(false);
  const onSaved = useCallback(() => {
    setForm((count) => count + 1);
    setSaved(true);
  }, []);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SAVED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  return (
    <>
      <PreparedPolls />
      <PollComposer key={form} onSaved={onSaved} />
      <p className="form-success poll-saved" role="status" data-testid="poll-saved">
        {saved ? t('polls.saved') : ''}
      </p>
      <h3 className="sidebar-subheading">{t('polls.list')}</h3>
      {polls.length === 0 ? (
        <p className="sidebar-muted">{t('polls.none')}</p>
      ) : (
        <ul className="poll-list">
          {/* In the room's order: the first open poll here is the one participants are shown. */}
          {polls.map((poll) => (
            <AnimatorPollCard key={poll.id} poll={poll} />
          ))}
        </ul>
      )}
    </>
  );
}
