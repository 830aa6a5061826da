// The animator's new poll: the poll form on its own poll machine, which checks it with the domain's
// rules and saves it (CreatePoll with a fresh id); the panel then starts a fresh form.
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoom } from '../../roomContext.ts';
import { PollForm } from './PollForm.tsx';
import { pollMachineOn } from './pollActors.ts';

export function PollComposer({ onSaved }: { onSaved(pollId: string): void }) {
  const { t } = useTranslation('room');
  const room = useRoom();
  const logic = useMemo(() => pollMachineOn(room.send), [room.send]);
  const [snapshot, send] = useMachine(logic, {
    input: { side: 'animator', poll: null, newId: () => crypto.randomUUID() },
  });
  const { form, problem, pollId } = snapshot.context;
  const savedId = snapshot.matches({ animator: 'saved' }) ? pollId : null;

  useEffect(() => {
    if (savedId !== null) onSaved(savedId);
  }, [savedId, onSaved]);

  return (
    <PollForm
      name="poll"
      heading={t('polls.newPoll')}
      submitLabel={t('polls.save')}
      busy={snapshot.matches({ animator: 'saving' })}
      form={form}
      problem={problem}
      onEdit={send}
      onSubmit={() => send({ type: 'poll.save' })}
    />
  );
}
