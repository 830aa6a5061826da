// The room's Q&A as tests drive it (issue 33, part 3): over a test socket (a command and its answer), or
// at a person's browser through the Q&A tab of the sidebar, as they would. Shared by the server's
// integration tests and the browser tests, the final story among them.
import { randomUUID } from 'node:crypto';
import type { QuestionAction } from '@lablive/domain';
import type { ServerMessage } from '@lablive/protocol';
import type { Page } from 'playwright-core';
import type { TestSocket } from './socketClient.ts';

type Answer = Extract<ServerMessage, { type: 'ack' | 'rejected' }>;

/** Sends one room command and waits for its ack or its rejection. */
export async function runRoomCommand(socket: TestSocket, roomId: number, command: unknown): Promise<Answer> {
  const commandId = randomUUID();
  socket.send({ type: 'command', roomId, commandId, command });
  return (await socket.waitFor(
    (m) => (m.type === 'ack' || m.type === 'rejected') && m.commandId === commandId,
  )) as Answer;
}

/** Asks a question; returns its id and the socket's answer. */
export async function askQuestionOnSocket(
  socket: TestSocket,
  roomId: number,
  text: string,
  options: { anonymous?: boolean } = {},
): Promise<{ questionId: string; answer: Answer }> {
  const questionId = randomUUID();
  const answer = await runRoomCommand(socket, roomId, {
    type: 'AskQuestion',
    data: { questionId, text, anonymous: options.anonymous ?? false },
  });
  return { questionId, answer };
}

export function upvoteOnSocket(socket: TestSocket, roomId: number, questionId: string): Promise<Answer> {
  return runRoomCommand(socket, roomId, { type: 'UpvoteQuestion', data: { questionId } });
}

export function moderateOnSocket(
  socket: TestSocket,
  roomId: number,
  questionId: string,
  action: QuestionAction,
): Promise<Answer> {
  return runRoomCommand(socket, roomId, { type: 'ModerateQuestion', data: { questionId, action } });
}

const ROOM_WAIT = { timeout: 20_000 };

/** The question's card in the Q&A tab of this page, found by its words. */
export function questionCard(page: Page, text: string) {
  return page.getByTestId('question').filter({ hasText: text });
}

/** Opens the room's sidebar if it is folded (a narrow window folds it), then its Q&A tab. */
export async function openQuestionsTab(page: Page) {
  const toggle = page.getByTestId('sidebar-toggle');
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await page.getByTestId('tab-questions').click();
}

/** Opens the Q&A tab, asks `text` (anonymously if asked to) and waits until the card shows. */
export async function askInBrowser(page: Page, text: string, options: { anonymous?: boolean } = {}) {
  await openQuestionsTab(page);
  await page.getByTestId('question-input').fill(text);
  if (options.anonymous) await page.getByTestId('question-anonymous').check();
  await page.getByTestId('question-submit').click();
  await questionCard(page, text).waitFor(ROOM_WAIT);
}

/** Upvotes the question `text` from the Q&A tab and waits until the vote is counted on this page. */
export async function upvoteInBrowser(page: Page, text: string) {
  await openQuestionsTab(page);
  const card = questionCard(page, text);
  await card.waitFor(ROOM_WAIT);
  await card.getByTestId('question-upvote').click();
  await card.locator('[data-testid="question-upvote"][aria-pressed="true"]').waitFor(ROOM_WAIT);
}

/** An animator's moderation of the question `text` from the Q&A tab (approve, hide, answer, pin, unpin). */
export async function moderateInBrowser(page: Page, text: string, action: QuestionAction) {
  await openQuestionsTab(page);
  const card = questionCard(page, text);
  await card.waitFor(ROOM_WAIT);
  await card.getByTestId(`question-${action}`).click();
}
