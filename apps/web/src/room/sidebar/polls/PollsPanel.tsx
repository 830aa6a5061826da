// The polls tab: animators write polls and run them (start, close, results); everybody else answers
// the open one.
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyNamed } from '../../../components/lazyNamed.ts';
import { useRoom } from '../../roomContext.ts';
import { ParticipantPoll } from './ParticipantPoll.tsx';
import './polls.css';

// The poll editor and the animator's controls load for animators only.
const AnimatorPolls = lazyNamed(() => import('./AnimatorPolls.tsx'), 'AnimatorPolls');

export function PollsPanel() {
  const { me } = useRoom();
  return (
    <section className="sidebar-section polls-panel" aria-labelledby="polls-title">
      <PollsHeading />
      {me.isAnimator ? (
        <Suspense fallback={null}>
          <AnimatorPolls />
        </Suspense>
      ) : (
        <ParticipantPoll />
      )}
    </section>
  );
}

function PollsHeading() {
  const { t } = useTranslation('room');
  return (
    <h2 id="polls-title" className="sidebar-heading">
      {t('sidebar.tabs.polls')}
    </h2>
  );
}
