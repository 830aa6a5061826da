// The poll machine's IO on the room: each actor sends its room command and rejects with the refusal,
// so the machine's onError keeps it for the screen.
import type { PollContent } from '@lablive/domain';
import { fromPromise } from 'xstate';
import { type SendCommand, sendOrThrow } from '../commandRefusal.ts';
import { pollMachine } from './pollMachine.ts';

export function pollMachineOn(send: SendCommand) {
  return pollMachine.provide({
    actors: {
      createPoll: fromPromise(({ input }: { input: { pollId: string; content: PollContent } }) =>
        sendOrThrow(send, { type: 'CreatePoll', data: { pollId: input.pollId, ...input.content } }),
      ),
      editPoll: fromPromise(({ input }: { input: { pollId: string; content: PollContent } }) =>
        sendOrThrow(send, { type: 'EditPoll', data: { pollId: input.pollId, ...input.content } }),
      ),
      startPoll: fromPromise(({ input }: { input: { pollId: string } }) =>
        sendOrThrow(send, { type: 'StartPoll', data: { pollId: input.pollId } }),
      ),
      closePoll: fromPromise(({ input }: { input: { pollId: string } }) =>
        sendOrThrow(send, { type: 'ClosePoll', data: { pollId: input.pollId } }),
      ),
      answerPoll: fromPromise(({ input }: { input: { pollId: string; answers: number[] } }) =>
        sendOrThrow(send, { type: 'AnswerPoll', data: { pollId: input.pollId, answers: input.answers } }),
      ),
    },
  });
}
