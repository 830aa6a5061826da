// The poll lifecycle with its IO actors swapped through machine.provide: the animator's form checked
// with the domain's rules, saved, edited while saved, started, closed and started again; a refusal kept
// for the screen; the room state moving the machine; a participant voting once, single or multiple choice.
import type { Poll, PollContent } from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { CommandRefusedError, type Refusal } from '../commandRefusal.ts';
import { type PollMachineInput, pollMachine } from './pollMachine.ts';

type Calls = {
  created: { pollId: string; content: PollContent }[];
  edited: { pollId: string; content: PollContent }[];
  started: string[];
  closed: string[];
  answered: { pollId: string; answers: number[] }[];
};

const refuse = (refusal: Refusal) => Promise.reject(new CommandRefusedError(refusal));

function start(input: PollMachineInput, refusals: Partial<Record<keyof Calls, Refusal>> = {}) {
  const calls: Calls = { created: [], edited: [], started: [], closed: [], answered: [] };
  const logic = pollMachine.provide({
    actors: {
      createPoll: fromPromise<void, { pollId: string; content: PollContent }>(async ({ input }) => {
        calls.created.push(input);
        if (refusals.created) return refuse(refusals.created);
      }),
      editPoll: fromPromise<void, { pollId: string; content: PollContent }>(async ({ input }) => {
        calls.edited.push(input);
        if (refusals.edited) return refuse(refusals.edited);
      }),
      startPoll: fromPromise<void, { pollId: string }>(async ({ input }) => {
        calls.started.push(input.pollId);
        if (refusals.started) return refuse(refusals.started);
      }),
      closePoll: fromPromise<void, { pollId: string }>(async ({ input }) => {
        calls.closed.push(input.pollId);
        if (refusals.closed) return refuse(refusals.closed);
      }),
      answerPoll: fromPromise<void, { pollId: string; answers: number[] }>(async ({ input }) => {
        calls.answered.push(input);
        if (refusals.answered) return refuse(refusals.answered);
      }),
    },
  });
  const actor = createActor(logic, { input });
  actor.start();
  return { actor, calls };
}

const poll = (change: Partial<Poll> = {}): Poll => ({
  id: 'poll-1',
  title: 'Formulation',
  question: 'Which formulation do your patients prefer?',
  options: ['Tablets', 'Oral solution', 'Patch'],
  allowMultiple: false,
  status: 'active',
  results: [0, 0, 0],
  answeredBy: [],
  ...change,
});

let ids = 0;
const newId = () => {
  ids += 1;
  return `new-poll-${ids}`;
};

describe('the animator side', () => {
  it('starts a new poll as a draft with two empty options and multiple choice on', () => {
    const { actor } = start({ side: 'animator', poll: null, newId });
    expect(actor.getSnapshot().matches({ animator: 'draft' })).toBe(true);
    expect(actor.getSnapshot().context.form).toEqual({
      title: '',
      question: '',
      options: ['', ''],
      allowMultiple: true,
    });
  });

  it('keeps a blank question in the draft with the domain reason, and sends nothing', () => {
    const { actor, calls } = start({ side: 'animator', poll: null, newId });
    actor.send({ type: 'form.question', value: '   ' });
    actor.send({ type: 'form.option', index: 0, value: 'Yes' });
    actor.send({ type: 'form.option', index: 1, value: 'No' });
    actor.send({ type: 'poll.save' });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ animator: 'draft' })).toBe(true);
    expect(snapshot.context.problem).toEqual({ kind: 'form', reason: 'The question must not be blank.' });
    expect(calls.created).toEqual([]);
  });

  it('refuses a blank option, and forgets the reason once the form changes', () => {
    const { actor } = start({ side: 'animator', poll: null, newId });
    actor.send({ type: 'form.question', value: 'Ready?' });
    actor.send({ type: 'form.option', index: 0, value: 'Yes' });
    actor.send({ type: 'poll.save' });
    expect(actor.getSnapshot().context.problem).toEqual({
      kind: 'form',
      reason: 'An option must not be blank.',
    });
    actor.send({ type: 'form.option', index: 1, value: 'No' });
    expect(actor.getSnapshot().context.problem).toBeNull();
  });

  it('saves the checked form with a fresh id (title defaults to the question), then starts and closes it', async () => {
    const { actor, calls } = start({ side: 'animator', poll: null, newId: () => 'p-42' });
    actor.send({ type: 'form.question', value: '  Which dose?  ' });
    actor.send({ type: 'form.option', index: 0, value: ' 5 mg ' });
    actor.send({ type: 'form.option', index: 1, value: '10 mg' });
    actor.send({ type: 'form.multiple', value: false });
    actor.send({ type: 'poll.save' });
    await waitFor(actor, (snapshot) => snapshot.matches({ animator: 'saved' }));
    expect(calls.created).toEqual([
      {
        pollId: 'p-42',
        content: {
          title: 'Which dose?',
          question: 'Which dose?',
          options: ['5 mg', '10 mg'],
          allowMultiple: false,
        },
      },
    ]);
    actor.send({ type: 'poll.start' });
    await waitFor(actor, (snapshot) => snapshot.matches({ animator: 'active' }));
    actor.send({ type: 'poll.close' });
    await waitFor(actor, (snapshot) => snapshot.matches({ animator: 'closed' }));
    actor.send({ type: 'poll.start' });
    await waitFor(actor, (snapshot) => snapshot.matches({ animator: 'active' }));
    expect(calls.started).toEqual(['p-42', 'p-42']);
    expect(calls.closed).toEqual(['p-42']);
  });

  it('goes back to the form with the refusal when the room refuses the poll, and retries with a new id', async () => {
    const { actor, calls } = start(
      { side: 'animator', poll: null, newId },
      { created: { code: 'not_animator', message: 'Only an animator can do this.' } },
    );
    actor.send({ type: 'form.question', value: 'Ready?' });
    actor.send({ type: 'form.option', index: 0, value: 'Yes' });
    actor.send({ type: 'form.option', index: 1, value: 'No' });
    actor.send({ type: 'poll.save' });
    await waitFor(actor, (snapshot) => snapshot.context.problem !== null);
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ animator: 'draft' })).toBe(true);
    expect(snapshot.context.problem).toEqual({
      kind: 'refused',
      refusal: { code: 'not_animator', message: 'Only an animator can do this.' },
    });
    expect(snapshot.context.form.question).toBe('Ready?');
    actor.send({ type: 'poll.save' });
    await waitFor(actor, () => calls.created.length === 2);
    expect(calls.created[0]?.pollId).not.toBe(calls.created[1]?.pollId);
  });

  it('stays active with the reason when closing is refused', async () => {
    const { actor } = start(
      { side: 'animator', poll: poll({ status: 'active' }), newId },
      { closed: { code: 'poll_not_active', message: 'This poll is not active.' } },
    );
    expect(actor.getSnapshot().matches({ animator: 'active' })).toBe(true);
    actor.send({ type: 'poll.close' });
    await waitFor(actor, (snapshot) => snapshot.context.problem !== null);
    expect(actor.getSnapshot().matches({ animator: 'active' })).toBe(true);
    expect(actor.getSnapshot().context.problem).toMatchObject({ refusal: { code: 'poll_not_active' } });
  });

  it('starts where the room is and follows it', () => {
    const saved = start({ side: 'animator', poll: poll({ status: 'draft' }), newId }).actor;
    expect(saved.getSnapshot().matches({ animator: 'saved' })).toBe(true);
    saved.send({ type: 'poll.synced', status: 'active', answered: false });
    expect(saved.getSnapshot().matches({ animator: 'active' })).toBe(true);
    saved.send({ type: 'poll.synced', status: 'closed', answered: false });
    expect(saved.getSnapshot().matches({ animator: 'closed' })).toBe(true);
    const closed = start({ side: 'animator', poll: poll({ status: 'closed' }), newId }).actor;
    expect(closed.getSnapshot().matches({ animator: 'closed' })).toBe(true);
  });
});

describe('editing a saved poll', () => {
  const saved = poll({ status: 'draft', allowMultiple: true });
  const editing = (refusals: Parameters<typeof start>[1] = {}) => {
    const started = start({ side: 'animator', poll: saved, newId }, refusals);
    started.actor.send({ type: 'poll.edit', poll: saved });
    return started;
  };

  it('opens the form prefilled with the poll, and saves the checked changes under the same id', async () => {
    const { actor, calls } = editing();
    expect(actor.getSnapshot().matches({ animator: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.form).toEqual({
      title: 'Formulation',
      question: 'Which formulation do your patients prefer?',
      options: ['Tablets', 'Oral solution', 'Patch'],
      allowMultiple: true,
    });
    actor.send({ type: 'form.title', value: ' ' });
    actor.send({ type: 'form.option', index: 1, value: ' Syrup ' });
    actor.send({ type: 'form.removeOption', index: 2 });
    actor.send({ type: 'form.multiple', value: false });
    actor.send({ type: 'poll.save' });
    await waitFor(actor, (snapshot) => snapshot.matches({ animator: 'saved' }));
    expect(calls.edited).toEqual([
      {
        pollId: 'poll-1',
        content: {
          title: 'Which formulation do your patients prefer?',
          question: 'Which formulation do your patients prefer?',
          options: ['Tablets', 'Syrup'],
          allowMultiple: false,
        },
      },
    ]);
    expect(calls.created).toEqual([]);
    actor.send({ type: 'poll.start' });
    await waitFor(actor, (snapshot) => snapshot.matches({ animator: 'active' }));
    expect(calls.started).toEqual(['poll-1']);
  });

  it('keeps the form with the domain reason while it breaks a rule; cancel sends nothing', () => {
    const { actor, calls } = editing();
    actor.send({ type: 'form.option', index: 0, value: '  ' });
    actor.send({ type: 'poll.save' });
    expect(actor.getSnapshot().matches({ animator: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.problem).toEqual({
      kind: 'form',
      reason: 'An option must not be blank.',
    });
    actor.send({ type: 'poll.cancel' });
    expect(actor.getSnapshot().matches({ animator: 'saved' })).toBe(true);
    expect(actor.getSnapshot().context.problem).toBeNull();
    expect(calls.edited).toEqual([]);
  });

  it('goes back to the form with the refusal when the room refuses the edit', async () => {
    const refusal = {
      code: 'poll_not_editable',
      message: 'Only a saved poll that was never started can be edited.',
    };
    const { actor } = editing({ edited: refusal });
    actor.send({ type: 'form.question', value: 'Which one?' });
    actor.send({ type: 'poll.save' });
    await waitFor(actor, (snapshot) => snapshot.context.problem !== null);
    expect(actor.getSnapshot().matches({ animator: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.problem).toEqual({ kind: 'refused', refusal });
    expect(actor.getSnapshot().context.form.question).toBe('Which one?');
  });

  it('prefills from the poll as the room has it now, and edits only a saved poll', () => {
    const { actor } = start({ side: 'animator', poll: saved, newId });
    actor.send({ type: 'poll.edit', poll: { ...saved, title: 'Renamed by another animator' } });
    expect(actor.getSnapshot().context.form.title).toBe('Renamed by another animator');
    const active = start({ side: 'animator', poll: poll({ status: 'active' }), newId }).actor;
    active.send({ type: 'poll.edit', poll: saved });
    expect(active.getSnapshot().matches({ animator: 'active' })).toBe(true);
    const closed = start({ side: 'animator', poll: poll({ status: 'closed' }), newId }).actor;
    closed.send({ type: 'poll.edit', poll: saved });
    expect(closed.getSnapshot().matches({ animator: 'closed' })).toBe(true);
  });

  it('stays in the form while the room still has the poll saved, and leaves it once started elsewhere', () => {
    const { actor } = editing();
    actor.send({ type: 'form.question', value: '' });
    actor.send({ type: 'poll.save' });
    actor.send({ type: 'poll.synced', status: 'draft', answered: false });
    expect(actor.getSnapshot().matches({ animator: 'editing' })).toBe(true);
    actor.send({ type: 'poll.synced', status: 'active', answered: false });
    expect(actor.getSnapshot().matches({ animator: 'active' })).toBe(true);
    expect(actor.getSnapshot().context.problem).toBeNull();
  });
});

describe('the participant side', () => {
  it('votes once for one option of a single-choice poll; the choice resets', async () => {
    const { actor, calls } = start({ side: 'participant', poll: poll(), answered: false });
    expect(actor.getSnapshot().matches({ participant: 'voting' })).toBe(true);
    actor.send({ type: 'vote.choose', index: 0, checked: true });
    actor.send({ type: 'vote.choose', index: 2, checked: true });
    expect(actor.getSnapshot().context.choices).toEqual([2]);
    actor.send({ type: 'vote.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches({ participant: 'voted' }));
    expect(calls.answered).toEqual([{ pollId: 'poll-1', answers: [2] }]);
    expect(actor.getSnapshot().context.choices).toEqual([]);
    actor.send({ type: 'vote.submit' });
    expect(calls.answered).toHaveLength(1);
  });

  it('chooses several options of a multiple-choice poll and ignores options that do not exist', async () => {
    const { actor, calls } = start({
      side: 'participant',
      poll: poll({ allowMultiple: true }),
      answered: false,
    });
    actor.send({ type: 'vote.choose', index: 2, checked: true });
    actor.send({ type: 'vote.choose', index: 0, checked: true });
    actor.send({ type: 'vote.choose', index: 1, checked: true });
    actor.send({ type: 'vote.choose', index: 1, checked: false });
    actor.send({ type: 'vote.choose', index: 7, checked: true });
    actor.send({ type: 'vote.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches({ participant: 'voted' }));
    expect(calls.answered).toEqual([{ pollId: 'poll-1', answers: [0, 2] }]);
  });

  it('asks for a choice before sending anything', () => {
    const { actor, calls } = start({ side: 'participant', poll: poll(), answered: false });
    actor.send({ type: 'vote.submit' });
    expect(actor.getSnapshot().context.problem).toEqual({ kind: 'emptyChoice' });
    expect(calls.answered).toEqual([]);
  });

  it('shows as voted when the room already counted this person, or refuses as already answered', async () => {
    const counted = start({ side: 'participant', poll: poll(), answered: true }).actor;
    expect(counted.getSnapshot().matches({ participant: 'voted' })).toBe(true);
    const otherTab = start(
      { side: 'participant', poll: poll(), answered: false },
      { answered: { code: 'poll_already_answered', message: 'You have already answered this poll.' } },
    ).actor;
    otherTab.send({ type: 'vote.choose', index: 1, checked: true });
    otherTab.send({ type: 'vote.submit' });
    await waitFor(otherTab, (snapshot) => snapshot.matches({ participant: 'voted' }));
    const synced = start({ side: 'participant', poll: poll(), answered: false }).actor;
    synced.send({ type: 'poll.synced', status: 'active', answered: true });
    expect(synced.getSnapshot().matches({ participant: 'voted' })).toBe(true);
  });

  it('keeps voting with the reason when the poll closed meanwhile', async () => {
    const { actor } = start(
      { side: 'participant', poll: poll(), answered: false },
      { answered: { code: 'poll_not_active', message: 'This poll is not active.' } },
    );
    actor.send({ type: 'vote.choose', index: 1, checked: true });
    actor.send({ type: 'vote.submit' });
    await waitFor(actor, (snapshot) => snapshot.context.problem !== null);
    expect(actor.getSnapshot().matches({ participant: 'voting' })).toBe(true);
    expect(actor.getSnapshot().context.choices).toEqual([1]);
  });
});
