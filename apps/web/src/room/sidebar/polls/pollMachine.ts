// The poll lifecycle of one poll as a person of the room lives it (live-room spec, sections 4 and 5).
// Animator: draft (the form, checked with the domain's poll form schema) → saved (CreatePoll) → active
// (StartPoll) → closed (ClosePoll), and a closed poll may start again. A saved poll, never started, may
// be edited: editing (the same form, prefilled) → updating (EditPoll) → saved. Participant: voting → voted
// (AnswerPoll, once; the choice resets). The room state is the truth: `poll.synced` moves the machine to
// what the room says (another animator started it, a vote from another tab). IO actors are named here
// and built on the room's send in pollActors.ts; tests provide their own.
import { type Poll, type PollContent, type PollStatus, parsePollForm } from '@lablive/domain';
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { type Refusal, refusalOf } from '../commandRefusal.ts';
import {
  chooseOption,
  EMPTY_POLL_FORM,
  editPollForm,
  POLL_FORM_EDITS,
  type PollFormEdit,
  type PollFormValues,
  pollFormOf,
  type SavedPollContent,
} from './pollForm.ts';

export type PollProblem =
  | { kind: 'form'; reason: string }
  | { kind: 'emptyChoice' }
  | { kind: 'refused'; refusal: Refusal };

export type PollMachineInput =
  | { side: 'animator'; poll: Poll | null; newId: () => string }
  | { side: 'participant'; poll: Poll; answered: boolean };

export type PollMachineContext = {
  side: 'animator' | 'participant';
  pollId: string | null;
  newId: () => string;
  form: PollFormValues;
  /** The checked form being saved (created or edited). */
  content: PollContent | null;
  allowMultiple: boolean;
  optionCount: number;
  /** The participant's chosen option indexes. */
  choices: number[];
  problem: PollProblem | null;
  /** The room's status of the poll when the machine started. */
  initialStatus: PollStatus | null;
  initiallyAnswered: boolean;
};

export type PollMachineEvent =
  | PollFormEdit
  | { type: 'poll.save' }
  /** Edit a saved poll, as the room has it now (another animator may have edited it meanwhile). */
  | { type: 'poll.edit'; poll: SavedPollContent }
  | { type: 'poll.cancel' }
  | { type: 'poll.start' }
  | { type: 'poll.close' }
  | { type: 'poll.synced'; status: PollStatus; answered: boolean }
  | { type: 'vote.choose'; index: number; checked: boolean }
  | { type: 'vote.submit' };

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`pollMachine: provide the ${name} actor`));

/** The form's content with the domain's defaults, or null while the form breaks a rule. */
function checkedContent(form: PollFormValues): PollContent | null {
  const check = parsePollForm(form);
  return check.ok ? check.content : null;
}

/** What saving or updating sends: only ever entered with the id and the checked form in context. */
function checkedPoll(context: PollMachineContext): { pollId: string; content: PollContent } {
  if (context.pollId === null || context.content === null) {
    throw new Error('pollMachine: saving a poll without a checked form');
  }
  return { pollId: context.pollId, content: context.content };
}

/** The error of a failed IO actor, as showRefusal's params. */
const refused = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

export const pollMachine = setup({
  types: {
    context: {} as PollMachineContext,
    events: {} as PollMachineEvent,
    input: {} as PollMachineInput,
  },
  actors: {
    createPoll: fromPromise<void, { pollId: string; content: PollContent }>(notProvided('createPoll')),
    editPoll: fromPromise<void, { pollId: string; content: PollContent }>(notProvided('editPoll')),
    startPoll: fromPromise<void, { pollId: string }>(notProvided('startPoll')),
    closePoll: fromPromise<void, { pollId: string }>(notProvided('closePoll')),
    answerPoll: fromPromise<void, { pollId: string; answers: number[] }>(notProvided('answerPoll')),
  },
  guards: {
    isParticipant: ({ context }) => context.side === 'participant',
    isNewPoll: ({ context }) => context.pollId === null,
    startedAs: ({ context }, params: { status: PollStatus }) => context.initialStatus === params.status,
    initiallyAnswered: ({ context }) => context.initiallyAnswered,
    formIsValid: ({ context }) => parsePollForm(context.form).ok,
    hasChoice: ({ context }) => context.choices.length > 0,
    syncedTo: ({ event }, params: { status: PollStatus }) =>
      event.type === 'poll.synced' && event.status === params.status,
    syncedAnswered: ({ event }) => event.type === 'poll.synced' && event.answered,
  },
  actions: {
    editForm: assign(({ context, event }) => {
      assertEvent(event, POLL_FORM_EDITS);
      return { form: editPollForm(context.form, event), problem: null };
    }),
    prepareSave: assign(({ context }) => ({
      pollId: context.newId(),
      content: checkedContent(context.form),
      problem: null,
    })),
    prefillForm: assign(({ event }) => {
      assertEvent(event, 'poll.edit');
      return { form: pollFormOf(event.poll), problem: null };
    }),
    prepareEdit: assign(({ context }) => ({ content: checkedContent(context.form), problem: null })),
    showFormReason: assign(({ context }) => {
      const check = parsePollForm(context.form);
      return { problem: check.ok ? null : { kind: 'form' as const, reason: check.reason } };
    }),
    forgetPollId: assign({ pollId: null, content: null }),
    choose: assign(({ context, event }) => {
      assertEvent(event, 'vote.choose');
      return { choices: chooseOption(context.choices, event, context), problem: null };
    }),
    showEmptyChoice: assign({ problem: { kind: 'emptyChoice' } }),
    resetChoices: assign({ choices: [], problem: null }),
    showRefusal: assign((_, params: { error: unknown }) => ({
      problem: { kind: 'refused' as const, refusal: refusalOf(params.error) },
    })),
    clearProblem: assign({ problem: null }),
  },
}).createMachine({
  id: 'poll',
  context: ({ input }) => ({
    side: input.side,
    pollId: input.poll?.id ?? null,
    newId: input.side === 'animator' ? input.newId : () => '',
    form: EMPTY_POLL_FORM,
    content: null,
    allowMultiple: input.poll?.allowMultiple ?? true,
    optionCount: input.poll?.options.length ?? 0,
    choices: [],
    problem: null,
    initialStatus: input.poll?.status ?? null,
    initiallyAnswered: input.side === 'participant' && input.answered,
  }),
  initial: 'routing',
  states: {
    routing: {
      always: [
        { guard: 'isParticipant', target: 'participant' },
        { guard: 'isNewPoll', target: 'animator.draft' },
        { guard: { type: 'startedAs', params: { status: 'active' } }, target: 'animator.active' },
        { guard: { type: 'startedAs', params: { status: 'closed' } }, target: 'animator.closed' },
        { target: 'animator.saved' },
      ],
    },
    animator: {
      // Entered through routing, which names the state; a plain entry is a new poll's draft.
      initial: 'draft',
      on: {
        // What the room says wins over what this screen last asked (another animator, a reconnect).
        'poll.synced': [
          { guard: 'isNewPoll' },
          { guard: { type: 'syncedTo', params: { status: 'active' } }, target: '.active' },
          { guard: { type: 'syncedTo', params: { status: 'closed' } }, target: '.closed' },
          { target: '.saved' },
        ],
      },
      states: {
        draft: {
          on: {
            'form.*': { actions: 'editForm' },
            'poll.save': [
              { guard: 'formIsValid', target: 'saving', actions: 'prepareSave' },
              { actions: 'showFormReason' },
            ],
          },
        },
        saving: {
          invoke: {
            src: 'createPoll',
            input: ({ context }) => checkedPoll(context),
            onDone: { target: 'saved' },
            // Back to the form as it was; the next save takes a fresh id.
            onError: { target: 'draft', actions: [{ type: 'showRefusal', params: refused }, 'forgetPollId'] },
          },
        },
        saved: {
          on: {
            'poll.start': { target: 'starting' },
            'poll.edit': { target: 'editing', actions: 'prefillForm' },
          },
        },
        editing: {
          // Leaving the form (cancelled, saved, or the poll started elsewhere) leaves its reasons behind.
          exit: 'clearProblem',
          on: {
            'form.*': { actions: 'editForm' },
            'poll.save': [
              { guard: 'formIsValid', target: 'updating', actions: 'prepareEdit' },
              { actions: 'showFormReason' },
            ],
            'poll.cancel': { target: 'saved' },
            // Still saved (another animator's edit, a resync): the form stays open; started, it closes.
            'poll.synced': { guard: { type: 'syncedTo', params: { status: 'draft' } } },
          },
        },
        updating: {
          invoke: {
            src: 'editPoll',
            input: ({ context }) => checkedPoll(context),
            onDone: { target: 'saved' },
            // Back to the form as it was, with the room's reason (started meanwhile, not an animator).
            onError: { target: 'editing', actions: { type: 'showRefusal', params: refused } },
          },
          on: { 'poll.synced': { guard: { type: 'syncedTo', params: { status: 'draft' } } } },
        },
        starting: {
          entry: 'clearProblem',
          invoke: {
            src: 'startPoll',
            input: ({ context }) => ({ pollId: context.pollId ?? '' }),
            onDone: { target: 'active' },
            onError: { target: 'saved', actions: { type: 'showRefusal', params: refused } },
          },
        },
        active: { on: { 'poll.close': { target: 'closing' } } },
        closing: {
          entry: 'clearProblem',
          invoke: {
            src: 'closePoll',
            input: ({ context }) => ({ pollId: context.pollId ?? '' }),
            onDone: { target: 'closed' },
            onError: { target: 'active', actions: { type: 'showRefusal', params: refused } },
          },
        },
        // A closed poll may be started again (polls.ts).
        closed: { on: { 'poll.start': { target: 'starting' } } },
      },
    },
    participant: {
      initial: 'routing',
      on: {
        'poll.synced': { guard: 'syncedAnswered', target: '.voted' },
      },
      states: {
        routing: {
          always: [{ guard: 'initiallyAnswered', target: 'voted' }, { target: 'voting' }],
        },
        voting: {
          on: {
            'vote.choose': { actions: 'choose' },
            'vote.submit': [{ guard: 'hasChoice', target: 'submitting' }, { actions: 'showEmptyChoice' }],
          },
        },
        submitting: {
          entry: 'clearProblem',
          invoke: {
            src: 'answerPoll',
            input: ({ context }) => ({ pollId: context.pollId ?? '', answers: context.choices }),
            onDone: { target: 'voted' },
            onError: [
              // Answered from another tab before this one: that vote counts, this one has nothing to add.
              {
                guard: ({ event }) => refusalOf(event.error).code === 'poll_already_answered',
                target: 'voted',
              },
              { target: 'voting', actions: { type: 'showRefusal', params: refused } },
            ],
          },
        },
        // Each person votes once; the form resets.
        voted: { entry: 'resetChoices' },
      },
    },
  },
});
