// The scenes the animator's presentation menu offers for the room's media, and how many steps each
// has: the sample quiz has an intro, one step per question, and the results; an embedded page gets
// the same scenes through postMessage, with as many steps as the animator wants to give it.
import { ROOM_COMMAND_LIMITS, type RoomMedia } from '@lablive/domain';
import { QUIZ_SCENES } from './quiz/quizProgress.ts';
import { QUIZ_LENGTH } from './quiz/quizQuestions.ts';
import { stageContent } from './stageContent.ts';

export type PresentationScene = (typeof QUIZ_SCENES)[number];

export type SceneStep = { scene: PresentationScene; steps: number };

export function presentationPlan(medias: readonly RoomMedia[]): readonly SceneStep[] {
  const quiz = stageContent(medias).kind === 'quiz';
  return QUIZ_SCENES.map((scene) => ({
    scene,
    steps: scene === 'quiz' ? (quiz ? QUIZ_LENGTH : ROOM_COMMAND_LIMITS.presentationStep + 1) : 1,
  }));
}

/** The step after a move, kept within the scene's steps. */
export function movedStep(step: number, delta: -1 | 1, steps: number): number {
  return Math.min(Math.max(0, step + delta), Math.max(0, steps - 1));
}

export const isPresentationScene = (scene: string | null): scene is PresentationScene =>
  QUIZ_SCENES.some((known) => known === scene);
