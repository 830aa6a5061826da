// The lab form's images (issue 28): the logo, the room's header image and the waiting room's, each shown
// as the lab has it or as the chosen file will look, chosen with the pictures' own button, and sent once
// the lab is saved (a new lab has no id before): the bar follows the one on its way, a refusal is said
// beside its image.
import { DEFAULT_IMAGE_MAX_BYTES, type LabImageField } from '@lablive/domain';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Failure } from '../../failure.ts';
import { useFormat } from '../../format/useFormat.ts';
import { PictureChooser, PictureProgress, PictureRefusal } from '../pictures/PictureUpload.tsx';
import { imageLabelKey, LAB_IMAGES } from './labFormValues.ts';

export type ChosenImages = Partial<Record<LabImageField, File>>;
export type ImageFailures = Partial<Record<LabImageField, Failure>>;

/** The image being sent, with its progress (0 to 1, null while its size is unknown). */
export type SendingImage = { field: LabImageField; progress: number | null } | null;

type LabImagesProps = {
  saved: Record<LabImageField, string | null>;
  chosen: ChosenImages;
  failures: ImageFailures;
  sending: SendingImage;
  disabled: boolean;
  onChoose: (field: LabImageField, file: File) => void;
};

export function LabImages(props: LabImagesProps) {
  const { t: ta } = useTranslation('admin');
  const format = useFormat();
  return (
    <fieldset className="form-section lab-images">
      <legend>{ta('labs.form.images')}</legend>
      <p className="field-hint" id="lab-images-hint">
        {ta('labs.form.imagesHint', { size: format.size(DEFAULT_IMAGE_MAX_BYTES) })}
      </p>
      <div className="lab-image-grid">
        {LAB_IMAGES.map((field) => (
          <LabImage
            key={field}
            field={field}
            savedUrl={props.saved[field]}
            file={props.chosen[field] ?? null}
            failure={props.failures[field] ?? null}
            progress={props.sending?.field === field ? props.sending.progress : undefined}
            disabled={props.disabled}
            onChoose={(file) => props.onChoose(field, file)}
          />
        ))}
      </div>
    </fieldset>
  );
}

function LabImage(props: {
  field: LabImageField;
  savedUrl: string | null;
  file: File | null;
  failure: Failure | null;
  /** Undefined: not on its way. */
  progress: number | null | undefined;
  disabled: boolean;
  onChoose: (file: File) => void;
}) {
  const { t: ta } = useTranslation('admin');
  const { field, file } = props;
  const label = ta(`labs.form.${imageLabelKey(field)}`);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => {
    if (preview === null) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);
  const shown = preview ?? props.savedUrl;
  const testId = `lab-form-${imageLabelKey(field).replaceAll('_', '-')}`;
  return (
    <div className="field lab-image" data-testid={testId}>
      <span className="field-label" id={`${testId}-label`}>
        {label}
      </span>
      <div className={`lab-image-frame lab-image-${imageLabelKey(field)}`}>
        {shown === null ? (
          <span className="muted">{ta('labs.form.imageNone')}</span>
        ) : (
          <img
            src={shown}
            alt={
              preview === null
                ? ta('labs.form.imageCurrent', { image: label })
                : ta('labs.form.imagePreview', { image: label })
            }
            data-testid={`${testId}-preview`}
          />
        )}
      </div>
      {file !== null && (
        <p className="field-hint lab-image-file">{ta('labs.form.imageChosen', { file: file.name })}</p>
      )}
      <PictureChooser
        id={`${testId}-input`}
        label={ta(shown === null ? 'labs.form.chooseImage' : 'labs.form.changeImage', { image: label })}
        describedBy={`${testId}-label lab-images-hint`}
        disabled={props.disabled}
        onChoose={props.onChoose}
        testId={`${testId}-input`}
      />
      {props.progress !== undefined && <PictureProgress progress={props.progress} />}
      {props.failure !== null && (
        <PictureRefusal
          failure={props.failure}
          lead={ta('labs.form.imageRefused')}
          testId={`${testId}-error`}
        />
      )}
    </div>
  );
}
