// A failed load, in words (the server's message, or what went wrong on the way).
import type { ReactNode } from 'react';
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

/** A record's page that could not load its record: the page's title still heads it, then the failure. */
export function TitledFailure(props: {
  titleId: string;
  title: ReactNode;
  failure: Failure;
  testId: string;
}) {
  return (
    <>
      <h1 id={props.titleId}>{props.title}</h1>
      <LoadFailure failure={props.failure} testId={props.testId} />
    </>
  );
}
