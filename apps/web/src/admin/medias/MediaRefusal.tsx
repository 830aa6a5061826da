// A refused save of the media form, in words: the server's own message, led by what it means for the
// person uploading (too large, not a type a build may be, a zip the checks refused).
import { useTranslation } from 'react-i18next';
import type { Failure } from '../../failure.ts';
import { describeFailure } from '../../i18n/messages.ts';

/** The server's refusal, led by what it means for the person uploading. */
export function Refusal({ failure }: { failure: Failure }) {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const lead =
    failure.code === 'payload_too_large'
      ? ta('mediaForm.tooLarge')
      : failure.code === 'unsupported_media_type'
        ? ta('mediaForm.refusedType')
        : failure.status === 400 && failure.detail.startsWith('file:')
          ? ta('mediaForm.refused')
          : failure.status === 400 && failure.detail.startsWith('page_url: must be a public address')
            ? ta('mediaForm.pageNotPublic')
            : null;
  return (
    <div className="form-error media-refusal" role="alert" data-testid="media-save-error">
      {lead !== null && <p className="media-refusal-lead">{lead}</p>}
      <p>{describeFailure(t, failure)}</p>
    </div>
  );
}
