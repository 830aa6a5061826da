// Broadcast to every room of an event, and its breakouts, as tests and the story test drive them
// (issue 33, part 4): the REST calls of staff, and the breakout's end made due now. pg-boss compares a
// job's `start_after` with the database's clock, which cannot be moved: the job's instant is moved
// instead, as testClock.ts does for reminders.
import { randomUUID } from 'node:crypto';
import { BREAKOUT_QUEUE } from '@lablive/server/testing';
import type { Locator, Page } from 'playwright-core';
import { makeEventJobsDue } from './testClock.ts';

/** Makes the event's pending breakout recalls due now; returns how many. */
export function makeBreakoutDue(databaseUrl: string, eventId: number): Promise<number> {
  return makeEventJobsDue(databaseUrl, BREAKOUT_QUEUE, eventId);
}

export type BroadcastCall = { path: string; body: Record<string, unknown> };

/** The bodies of the broadcast calls, each with a fresh request id (pass one to retry). */
export const broadcastCalls = {
  announce: (eventId: number, text: string, requestId: string = randomUUID()): BroadcastCall => ({
    path: `/api/events/${eventId}/broadcast/announcements`,
    body: { request_id: requestId, text },
  }),
  banner: (eventId: number, text: string, minutes: number | null = null): BroadcastCall => ({
    path: `/api/events/${eventId}/broadcast/banner`,
    body: { request_id: randomUUID(), text, minutes },
  }),
  clearBanner: (eventId: number): BroadcastCall => ({
    path: `/api/events/${eventId}/broadcast/banner/clear`,
    body: { request_id: randomUUID() },
  }),
  breakout: (eventId: number, targetRoomId: number, minutes: number): BroadcastCall => ({
    path: `/api/events/${eventId}/breakouts`,
    body: { request_id: randomUUID(), target_room_id: targetRoomId, minutes },
  }),
  recall: (eventId: number, targetRoomId: number): BroadcastCall => ({
    path: `/api/events/${eventId}/breakouts/recall`,
    body: { request_id: randomUUID(), target_room_id: targetRoomId },
  }),
};

/** Sends a broadcast call to a running server as the holder of `token`; throws unless it succeeds. */
export async function sendBroadcast(serverUrl: string, token: string, call: BroadcastCall) {
  const response = await fetch(`${serverUrl}${call.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(call.body),
  });
  if (response.status !== 200) throw new Error(`${call.path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { rooms: { room_id: number; delivered: boolean; code: string | null }[] };
}

const BROADCAST_WAIT = { timeout: 20_000 };

/**
 * An animator in a live room opens "To every room" and sends a message, a banner, or both (each waits
 * for its answer to say every room got it); the dialog is left open for the caller to look at.
 */
export async function broadcastFromRoom(
  page: Page,
  send: { message?: string; banner?: string },
): Promise<void> {
  const dialog = page.getByTestId('broadcast-dialog');
  if (!(await dialog.isVisible())) await page.getByTestId('broadcast-open').click();
  await sendInBroadcastPanel(page, dialog, send);
}

/**
 * Staff on the back office's page of a running event (`page` signed in as who may broadcast) send every
 * room a message, a banner, or both, from its "To every room" section; each waits until every room got it.
 */
export async function broadcastFromEventPage(
  page: Page,
  serverUrl: string,
  eventId: number,
  send: { message?: string; banner?: string },
): Promise<void> {
  await page.goto(`${serverUrl}/admin/events/${eventId}/participants`);
  await sendInBroadcastPanel(page, page.getByTestId('event-broadcast'), send);
}

async function sendInBroadcastPanel(
  page: Page,
  scope: Locator,
  send: { message?: string; banner?: string },
): Promise<void> {
  await scope.getByTestId('broadcast-panel').waitFor(BROADCAST_WAIT);
  if (send.message !== undefined) {
    await scope.getByTestId('broadcast-message').fill(send.message);
    await scope.getByTestId('broadcast-send').click();
    await waitForReachedAll(page, 'broadcast-message-result');
  }
  if (send.banner !== undefined) {
    await scope.getByTestId('broadcast-banner-text').fill(send.banner);
    await scope.getByTestId('broadcast-banner-set').click();
    await waitForReachedAll(page, 'broadcast-banner-result');
  }
}

/** Waits until a broadcast form's answer is in and says every room got it. */
export async function waitForReachedAll(page: Page, resultTestId: string): Promise<void> {
  const result = page.getByTestId(resultTestId);
  await result.and(page.locator('.broadcast-result-success')).waitFor(BROADCAST_WAIT);
}
