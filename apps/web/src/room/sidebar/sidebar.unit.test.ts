// The sidebar's tabs per role and room modules, the narrow-window rule, and how a command's outcome
// becomes a refusal to show.
import { describe, expect, it } from 'vitest';
import { CommandRefusedError, refusalOf, sendOrThrow, trySend, UNREACHABLE } from './commandRefusal.ts';
import { isRoomRejectionCode } from './refusalText.ts';
import { NARROW_WINDOW_QUERY, visibleTabs } from './sidebarTabs.ts';

const allModules = ['chat', 'polls', 'notes', 'stats', 'active_camera', 'questions'];

describe('sidebar tabs', () => {
  it('gives animators every tab of a room with every module', () => {
    expect(visibleTabs({ isAnimator: true, activeModules: allModules })).toEqual([
      'users',
      'chat',
      'questions',
      'polls',
      'notes',
      'stats',
    ]);
  });

  it('keeps stats for animators', () => {
    expect(visibleTabs({ isAnimator: false, activeModules: allModules })).toEqual([
      'users',
      'chat',
      'questions',
      'polls',
      'notes',
    ]);
  });

  it('drops the tabs whose module the room switched off', () => {
    expect(visibleTabs({ isAnimator: true, activeModules: ['notes'] })).toEqual(['users', 'notes']);
    expect(visibleTabs({ isAnimator: false, activeModules: [] })).toEqual(['users']);
  });

  it('closes below 1200 px, not at 1200 px', () => {
    expect(NARROW_WINDOW_QUERY).toBe('(max-width: 1199.98px)');
  });
});

describe('command outcomes', () => {
  const command = { type: 'RequestNotes', data: {} } as const;

  it('is no refusal when the room applied the command', async () => {
    expect(await trySend(() => Promise.resolve({ ok: true, version: 3 }), command)).toBeNull();
    await expect(
      sendOrThrow(() => Promise.resolve({ ok: true, version: 3 }), command),
    ).resolves.toBeUndefined();
  });

  it("keeps the room's code and message, and throws them for machines", async () => {
    const refused = () => Promise.resolve({ ok: false as const, code: 'not_animator', message: 'Only…' });
    expect(await trySend(refused, command)).toEqual({ code: 'not_animator', message: 'Only…' });
    const error = await sendOrThrow(refused, command).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CommandRefusedError);
    expect(refusalOf(error)).toEqual({ code: 'not_animator', message: 'Only…' });
  });

  it('calls a send that failed unreachable', async () => {
    const offline = () => Promise.reject(new Error('timed out'));
    expect(await trySend(offline, command)).toEqual({ code: UNREACHABLE, message: 'timed out' });
  });

  it("recognises the room host's rejection codes only", () => {
    expect(isRoomRejectionCode('poll_not_active')).toBe(true);
    expect(isRoomRejectionCode(UNREACHABLE)).toBe(false);
    expect(isRoomRejectionCode('toString')).toBe(false);
  });
});
