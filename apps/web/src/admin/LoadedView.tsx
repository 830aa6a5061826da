// A loaded query as a back-office page shows it: a spinner while it loads, what went wrong when it
// failed (LoadFailure, or the page's own failure view when it has a title to keep), the content once
// loaded.
import type { ReactNode } from 'react';
import { PageSpinner } from '../components/PageSpinner.tsx';
import type { Failure } from '../failure.ts';
import type { Loaded } from '../queries/loaded.ts';
import { LoadFailure } from './LoadFailure.tsx';

type Props<T> = {
  state: Loaded<T>;
  children: (value: T) => ReactNode;
} & (
  | { errorTestId: string; failed?: never }
  | { failed: (failure: Failure) => ReactNode; errorTestId?: never }
);

export function LoadedView<T>(props: Props<T>) {
  const { state } = props;
  if (state.status === 'loading') return <PageSpinner />;
  if (state.status === 'loaded') return props.children(state.value);
  if (props.failed !== undefined) return props.failed(state.failure);
  return <LoadFailure failure={state.failure} testId={props.errorTestId} />;
}
