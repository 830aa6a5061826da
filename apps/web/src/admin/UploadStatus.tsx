// How an upload of the back office is going and why it was refused, the same for a document, a media's
// build or thumbnail and a picture: a bar that follows the bytes (no value while the size is unknown),
// and a refusal led by what it means for the person sending (the server's words under it).
import { useTranslation } from 'react-i18next';
import type { Failure } from '../failure.ts';
import { describeFailure } from '../i18n/messages.ts';

/** The bar of an upload on its way (`progress` 0 to 1, null while it cannot be told), and what it says. */
export function UploadProgress(props: {
  progress: number | null;
  label: string;
  text: string;
  testId: string;
}) {
  return (
    <div className="upload-progress" data-testid={props.testId}>
      <progress
        max={1}
        {...(props.progress === null ? {} : { value: props.progress })}
        aria-label={props.label}
      />
      <span aria-live="polite">{props.text}</span>
    </div>
  );
}

/** What a refused file means when the server's code says it: too large, or not a type it may be. */
export function refusedFileMeaning(
  failure: Failure,
  texts: { tooLarge: string; refusedType: string },
): string | null {
  if (failure.code === 'payload_too_large') return texts.tooLarge;
  if (failure.code === 'unsupported_media_type') return texts.refusedType;
  return null;
}

/** The server's refusal, led by what it means (each lead that applies, in order). */
export function UploadRefusal(props: {
  failure: Failure;
  leads: readonly (string | null)[];
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="form-error upload-refusal" role="alert" data-testid={props.testId}>
      {props.leads.map(
        (lead) =>
          lead !== null && (
            <p key={lead} className="upload-refusal-lead">
              {lead}
            </p>
          ),
      )}
      <p>{describeFailure(t, props.failure)}</p>
    </div>
  );
}
