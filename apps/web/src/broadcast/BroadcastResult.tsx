// What a broadcast call answered, in a polite live region so a screen reader says it once it arrives.
import type { CallState } from './useBroadcastCall.ts';

export function BroadcastResult({ result, testId }: { result: CallState['result']; testId: string }) {
  return (
    <p
      className={`broadcast-result broadcast-result-${result?.tone ?? 'none'}`}
      role="status"
      data-testid={testId}
    >
      {result?.text ?? ''}
    </p>
  );
}
