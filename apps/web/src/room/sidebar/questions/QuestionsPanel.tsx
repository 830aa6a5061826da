// The Q&A tab (issue 33, part 3): the room's questions as this person may see them (an animator every
// one, a guest the approved ones and their own), pinned first, then by votes, then by time; the form to
// ask one; each card's upvote and, for animators, its moderation.
import { type Question, questionsFor } from '@lablive/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoom, useRoomState } from '../../roomContext.ts';
import { SidebarError } from '../SidebarError.tsx';
import { useCommand } from '../useCommand.ts';
import { QuestionComposer } from './QuestionComposer.tsx';
import { QuestionItem } from './QuestionItem.tsx';
import './questions.css';

export function QuestionsPanel() {
  const { t } = useTranslation('room');
  const { me } = useRoom();
  const all = useRoomState((state) => state.questions);
  const reader = useMemo(() => ({ participantId: me.participantId, isAnimator: me.isAnimator }), [me]);
  const questions = useMemo(() => questionsFor(all, reader), [all, reader]);
  const action = useCommand();

  const vote = (question: Question, upvote: boolean) =>
    void action.run({
      type: upvote ? 'UpvoteQuestion' : 'WithdrawUpvote',
      data: { questionId: question.id },
    });

  return (
    <section className="sidebar-section questions-panel" aria-labelledby="questions-title">
      <h2 id="questions-title" className="sidebar-heading">
        {t('questions.title')}
      </h2>
      <QuestionComposer />
      <SidebarError error={action.error} testId="questions-error" />
      {questions.length === 0 ? (
        <p className="sidebar-muted">{t('questions.empty')}</p>
      ) : (
        <ol className="question-list" aria-label={t('questions.listLabel')}>
          {questions.map((question) => (
            <QuestionItem
              key={question.id}
              question={question}
              me={reader}
              onVote={(upvote) => vote(question, upvote)}
              onModerate={
                me.isAnimator
                  ? (moderation) =>
                      void action.run({
                        type: 'ModerateQuestion',
                        data: { questionId: question.id, action: moderation },
                      })
                  : null
              }
            />
          ))}
        </ol>
      )}
    </section>
  );
}
