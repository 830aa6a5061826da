import { describe, expect, it } from 'vitest';
import { stageSpeaker } from './stageSpeaker.ts';

const viewers = [
  { id: 1, isAnimator: true, videoEnabled: true },
  { id: 2, isAnimator: false, videoEnabled: true },
  { id: 3, isAnimator: false, videoEnabled: false },
  { id: 4, isAnimator: true, videoEnabled: true },
];

describe('stageSpeaker', () => {
  it('shows the person speaking when their camera is on', () => {
    expect(stageSpeaker({ viewers, speakerId: 2, selfId: 9, previous: null })).toBe(2);
  });

  it('keeps the last speaker during a pause instead of jumping back to the animator', () => {
    expect(stageSpeaker({ viewers, speakerId: null, selfId: 9, previous: 2 })).toBe(2);
  });

  it('starts with the first animator whose camera is on, never oneself', () => {
    expect(stageSpeaker({ viewers, speakerId: null, selfId: 9, previous: null })).toBe(1);
    expect(stageSpeaker({ viewers, speakerId: 1, selfId: 1, previous: null })).toBe(4);
  });

  it('does not show someone whose camera is off, nor someone who left', () => {
    expect(stageSpeaker({ viewers, speakerId: 3, selfId: 9, previous: 7 })).toBe(1);
    expect(
      stageSpeaker({
        viewers: [{ id: 3, isAnimator: false, videoEnabled: false }],
        speakerId: 3,
        selfId: 9,
        previous: null,
      }),
    ).toBeNull();
  });
});
