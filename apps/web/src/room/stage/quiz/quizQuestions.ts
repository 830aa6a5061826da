// The questions of the built-in sample quiz on pharmacovigilance basics (the `demo` media): which
// four options each has and which is right. Their texts are in the room namespace (stage.quiz.questions).
export const QUIZ_QUESTIONS = [
  // What pharmacovigilance is: the WHO definition.
  { id: 'definition', options: ['a', 'b', 'c', 'd'], correct: 'b' },
  // An adverse drug reaction is a noxious and unintended response to a medicinal product.
  { id: 'adverseReaction', options: ['a', 'b', 'c', 'd'], correct: 'c' },
  // A suspicion is enough to report: causality is assessed afterwards.
  { id: 'suspicion', options: ['a', 'b', 'c', 'd'], correct: 'a' },
  // The four minimum elements of a valid individual case report (ICH E2D).
  { id: 'validReport', options: ['a', 'b', 'c', 'd'], correct: 'd' },
  // Batch numbers trace the very product given, which matters most for biological medicines.
  { id: 'batchNumber', options: ['a', 'b', 'c', 'd'], correct: 'b' },
  // Seriousness criteria: death, life-threatening, hospitalisation, disability, congenital anomaly.
  { id: 'serious', options: ['a', 'b', 'c', 'd'], correct: 'c' },
] as const;

export type QuizQuestion = (typeof QUIZ_QUESTIONS)[number];
export type QuizQuestionId = QuizQuestion['id'];
export type QuizOption = QuizQuestion['options'][number];

export const QUIZ_LENGTH = QUIZ_QUESTIONS.length;
