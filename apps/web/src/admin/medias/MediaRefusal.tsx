// A refused save of the media form, in words: the server's own message, led by what it means for the
// person uploading (too large, not a type a build may be, a zip the checks refused).
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Failure } from '../../failure.ts';
import { refusedFileMeaning, UploadRefusal } from '../UploadStatus.tsx';

/** What a 400 means here: a build the checks refused, or a page address that is not public. */
function badRequestMeaning(ta: TFunction<'admin'>, failure: Failure): string | null {
  if (failure.status !== 400) return null;
  if (failure.detail.startsWith('file:')) return ta('mediaForm.refused');
  if (failure.detail.startsWith('page_url: must be a public address')) return ta('mediaForm.pageNotPublic');
  return null;
}

/** The server's refusal, led by what it means for the person uploading. */
export function Refusal({ failure }: { failure: Failure }) {
  const { t: ta } = useTranslation('admin');
  const texts = { tooLarge: ta('mediaForm.tooLarge'), refusedType: ta('mediaForm.refusedType') };
  const meaning = refusedFileMeaning(failure, texts) ?? badRequestMeaning(ta, failure);
  return <UploadRefusal failure={failure} leads={[meaning]} testId="media-save-error" />;
}
