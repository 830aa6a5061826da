// What the group panel and the profile share to send a picture (POST upload): the button that opens the
// file picker (a native file input, named by its label), the upload's progress, and a refusal said in
// words (too large, not a picture) with the server's reason. The server decides what a file is from its
// bytes; the `accept` list only helps the picker.
import { DEFAULT_IMAGE_MAX_BYTES, IMAGE_ACCEPT } from '@lablive/domain';
import { useTranslation } from 'react-i18next';
import type { Failure } from '../../failure.ts';
import { useFormat } from '../../format/useFormat.ts';
import { describeFailure } from '../../i18n/messages.ts';
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

/** The bar of an upload on its way (`progress` 0 to 1, null while its size is unknown). */
export function PictureProgress({ progress }: { progress: number | null }) {
  const { t } = useTranslation('admin');
  return (
    <div className="picture-progress" data-testid="picture-progress">
      <progress
        max={1}
        {...(progress === null ? {} : { value: progress })}
        aria-label={t('pictures.progressLabel')}
      />
      <span aria-live="polite">
        {progress === null
          ? t('pictures.sending')
          : t('pictures.progress', { percent: Math.round(progress * 100) })}
      </span>
    </div>
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
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const meaning =
    failure.code === 'payload_too_large'
      ? ta('pictures.tooLarge')
      : failure.code === 'unsupported_media_type'
        ? ta('pictures.refusedType')
        : null;
  return (
    <div className="form-error picture-refusal" role="alert" data-testid={testId}>
      {lead !== undefined && <p className="picture-refusal-lead">{lead}</p>}
      {meaning !== null && <p className="picture-refusal-lead">{meaning}</p>}
      <p>{describeFailure(t, failure)}</p>
    </div>
  );
}
