// The room's lobby as tests drive it (issue 33, part 2): a guest knocks over a test socket and waits for
// the answer, a host admits, denies, locks or removes; in a browser, the guest's waiting room shows it
// waits and the host's lobby panel lets them in. Shared by the server's integration tests and the
// browser tests, the final story among them.
import { PROTOCOL_VERSION, type ServerMessage } from '@lablive/protocol';
import type { Page } from 'playwright-core';
import { pressJoin } from './browser.ts';
import { runRoomCommand } from './questions.ts';
import { openTestSocket, type TestSocket } from './socketClient.ts';

export type LobbyAnswer = Extract<ServerMessage, { type: 'lobby' }>;

/** The next `lobby` answer about the room after the `seen` first ones. */
export async function lobbyAnswer(socket: TestSocket, roomId: number, seen = 0): Promise<LobbyAnswer> {
  let count = 0;
  return (await socket.waitFor(
    (m) => m.type === 'lobby' && m.roomId === roomId && count++ >= seen,
  )) as LobbyAnswer;
}

/** Opens a socket as this token and knocks at the room; returns it with the first answer (waiting...). */
export async function knockAndWait(
  wsUrl: string,
  token: string,
  roomId: number,
): Promise<{ socket: TestSocket; first: LobbyAnswer }> {
  const socket = await openTestSocket(wsUrl);
  socket.send({ type: 'hello', protocolVersion: PROTOCOL_VERSION, token });
  await socket.waitFor((m) => m.type === 'authenticated');
  socket.send({ type: 'knock', roomId });
  return { socket, first: await lobbyAnswer(socket, roomId) };
}

export function admitOnSocket(socket: TestSocket, roomId: number, participantId: number) {
  return runRoomCommand(socket, roomId, { type: 'AdmitParticipant', data: { participantId } });
}

export function denyOnSocket(socket: TestSocket, roomId: number, participantId: number) {
  return runRoomCommand(socket, roomId, { type: 'DenyParticipant', data: { participantId } });
}

export function removeOnSocket(socket: TestSocket, roomId: number, participantId: number) {
  return runRoomCommand(socket, roomId, { type: 'RemoveParticipant', data: { participantId } });
}

export function lockOnSocket(socket: TestSocket, roomId: number, locked = true) {
  return runRoomCommand(socket, roomId, { type: locked ? 'LockRoom' : 'UnlockRoom', data: {} });
}

const ROOM_WAIT = { timeout: 20_000 };

/** In the waiting room of an event with a lobby: asks to join, and waits until the page says it waits. */
export async function knockFromWaitingRoom(page: Page): Promise<void> {
  await pressJoin(page);
  await page.getByTestId('waiting-lobby').waitFor(ROOM_WAIT);
}

/** A host admits the guest named `name` from the room's lobby bar (by its accessible name). */
export async function admitFromRoom(hostPage: Page, name: string): Promise<void> {
  const admit = hostPage.getByTestId('room-lobby').getByRole('button', { name: `Admit ${name}` });
  await admit.waitFor(ROOM_WAIT);
  await admit.click();
}

/**
 * A host removes the guest named `name` from the users tab (English labels), confirming it in that
 * guest's dialog: each guest's row holds its own (closed) one, so the confirm is looked for in the open one.
 */
export async function removeFromRoom(hostPage: Page, name: string): Promise<void> {
  const toggle = hostPage.getByTestId('sidebar-toggle');
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await hostPage.getByTestId('tab-users').click();
  const question = `Remove ${name} from this session`;
  await hostPage.getByRole('button', { name: question }).click();
  await hostPage.getByRole('alertdialog', { name: question }).getByTestId('remove-confirm').click();
}
