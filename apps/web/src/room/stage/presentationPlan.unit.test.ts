// The presentation menu's scenes and steps for the sample quiz and for embedded pages.
import type { RoomMedia } from '@lablive/domain';
import { describe, expect, it } from 'vitest';
import { isPresentationScene, movedStep, presentationPlan } from './presentationPlan.ts';
import { QUIZ_LENGTH } from './quiz/quizQuestions.ts';

const media = (slug: string, buildPath: string | null): RoomMedia => ({
  id: 1,
  name: slug,
  slug,
  build_path: buildPath,
  build_compression: null,
  canvas_width: 960,
  canvas_height: 600,
  full_canvas: false,
  thumbnail: null,
});

describe('presentation plan', () => {
  it('gives the quiz scene one step per question for the demo media', () => {
    expect(presentationPlan([media('demo', null)])).toEqual([
      { scene: 'intro', steps: 1 },
      { scene: 'quiz', steps: QUIZ_LENGTH },
      { scene: 'results', steps: 1 },
    ]);
  });

  it('lets an embedded page go through as many steps as the room accepts', () => {
    const quiz = presentationPlan([media('smartrx', '/games/smartrx/')]).find(
      (item) => item.scene === 'quiz',
    );

    expect(quiz?.steps).toBe(10_001);
  });

  it('keeps a moved step within the scene', () => {
    expect(movedStep(0, -1, 6)).toBe(0);
    expect(movedStep(2, 1, 6)).toBe(3);
    expect(movedStep(5, 1, 6)).toBe(5);
    expect(movedStep(3, 1, 1)).toBe(0);
  });

  it('knows its scenes', () => {
    expect(isPresentationScene('quiz')).toBe(true);
    expect(isPresentationScene('outro')).toBe(false);
    expect(isPresentationScene(null)).toBe(false);
  });
});
