// A failed load, in words (the server's message, or what went wrong on the way).
import { useTranslation } from 'react-i18next';
import type { Failure } from '../failure.ts';
import { describeFailure } from '../i18n/messages.ts';

export function LoadFailure({ failure, testId }: { failure: Failure; testId: string }) {
  const { t } = useTranslation();
  return (
    <p className="form-error" role="alert" data-testid={testId}>
      {describeFailure(t, failure)}
    </p>
  );
}
