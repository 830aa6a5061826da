// What the group panel and the profile share to send a picture (POST upload): the button that opens the
// file picker (a native file input, named by its label), the upload's progress, and a refusal said in
// words (too large, not a picture) with the server's reason. The server decides what a file is from its
// bytes; the `accept` list only helps the picker.
import { DEFAULT_IMAGE_MAX_BYTES, IMAGE_ACCEPT } from '@lablive/domain';
import { useTranslation } from 'react-i18next';
import type { Failure } from '../../failure.ts';
import { useFormat } from '../../format/useFormat.ts';
import { refusedFileMeaning, UploadProgress, UploadRefusal } from '../UploadStatus.tsx';
import './pictures.css';

/** "PNG, JPEG, WebP or GIF, at most 5 MB." */
export function usePictureHint(): string {
  const format = useFormat();
  const { t } = useTranslation('admin');
  return t('pictures.hint', { size: format.size(DEFAULT_IMAGE_MAX_BYTES) });
}

/** A button-looking label over a file input: the input keeps the focus, the label shows it. */
export function PictureChooser(props: {
  id: string;
  label: string;
  describedBy?: string;
  disabled?: boolean;
  onChoose: (file: File) => void;
  testId: string;
}) {
  return (
    <label className="button button-secondary button-small picture-chooser" htmlFor={props.id}>
      {props.label}
      <input
        id={props.id}
        type="file"
        accept={IMAGE_ACCEPT}
        className="visually-hidden"
        disabled={props.disabled}
        aria-describedby={props.describedBy}
        data-testid={props.testId}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          // The same file chosen again after a refusal is a new choice.
          event.target.value = '';
          if (chosen) props.onChoose(chosen);
        }}
      />
    </label>
  );
}

/** The bar of a picture on its way (`progress` 0 to 1, null while its size is unknown). */
export function PictureProgress({ progress }: { progress: number | null }) {
  const { t } = useTranslation('admin');
  return (
    <UploadProgress
      progress={progress}
      label={t('pictures.progressLabel')}
      text={
        progress === null
          ? t('pictures.sending')
          : t('pictures.progress', { percent: Math.round(progress * 100) })
      }
      testId="picture-progress"
    />
  );
}

/** A refused picture, led by what it means for the person sending it. */
export function PictureRefusal({
  failure,
  lead,
  testId,
}: {
  failure: Failure;
  lead?: string;
  testId: string;
}) {
  const { t: ta } = useTranslation('admin');
  const meaning = refusedFileMeaning(failure, {
    tooLarge: ta('pictures.tooLarge'),
    refusedType: ta('pictures.refusedType'),
  });
  return <UploadRefusal failure={failure} leads={[lead ?? null, meaning]} testId={testId} />;
}
