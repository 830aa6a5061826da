// Loads the sample quiz's code (its own chunk, fetched only for the demo media) and reports the load
// to the stage, then shows the quiz with the room's presentation and the spectator flag.
import { type ComponentType, useEffect, useState } from 'react';
import { useRoom, useRoomState } from '../roomContext.ts';
import type { LoadReport } from './GameStage.tsx';
import { ledPresentation } from './ledPresentation.ts';
import { quizStorageKey } from './quiz/quizStorage.ts';
import type { SampleQuizProps } from './quiz/SampleQuiz.tsx';

export function QuizLoader({ report }: { report: LoadReport }) {
  const { me, roomId } = useRoom();
  const presentation = useRoomState(ledPresentation);
  const [Quiz, setQuiz] = useState<ComponentType<SampleQuizProps> | null>(null);

  useEffect(() => {
    let cancelled = false;
    report.progress(0);
    import('./quiz/SampleQuiz.tsx').then(
      (module) => {
        if (cancelled) return;
        setQuiz(() => module.SampleQuiz);
        report.progress(100);
      },
      (error: unknown) => {
        if (!cancelled) report.failed(error instanceof Error ? error.message : String(error));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [report]);

  if (Quiz === null) return null;
  return (
    <Quiz
      storageKey={quizStorageKey(roomId, me.participantId)}
      spectator={me.isObserver}
      isAnimator={me.isAnimator}
      presentation={presentation}
    />
  );
}
