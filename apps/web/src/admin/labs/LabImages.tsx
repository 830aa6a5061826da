// The lab form's images (issue 28): the logo, the room's header image and the waiting room's, each shown
// as the lab has it or as the chosen file will look, chosen with the pictures' own button, and sent once
// the lab is saved (a new lab has no id before): the bar follows the one on its way, a refusal is said
// beside its image.
import { DEFAULT_IMAGE_MAX_BYTES, type LabImageField, type ManagedLab } from '@lablive/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Failure, toFailure } from '../../failure.ts';
import { useFormat } from '../../format/useFormat.ts';
import { labsApi } from '../adminApi.ts';
import { PictureChooser, PictureProgress, PictureRefusal } from '../pictures/PictureUpload.tsx';
import { imageLabelKey, LAB_IMAGES } from './labFormValues.ts';

/** A chosen file's address for an <img>, let go once the file changes or the component leaves. */
export function useFileUrl(file: File | null | undefined): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => {
    if (url === null) return;
    return () => URL.revokeObjectURL(url);
  }, [url]);
  return url;
}

export type ChosenImages = Partial<Record<LabImageField, File>>;
export type ImageFailures = Partial<Record<LabImageField, Failure>>;

/** The image being sent, with its progress (0 to 1, null while its size is unknown). */
export type SendingImage = { field: LabImageField; progress: number | null } | null;

/**
 * The images chosen on the form, and their sending once the lab is saved: one after the other, each
 * with its progress; a refused one is kept to be said beside it. Leaving the page stops the one on its
 * way.
 */
export function useLabImageUploads(reopened: ImageFailures) {
  const [chosen, setChosen] = useState<ChosenImages>({});
  const [failures, setFailures] = useState<ImageFailures>(reopened);
  const [sending, setSending] = useState<SendingImage>(null);
  const uploading = useRef<AbortController | null>(null);
  useEffect(() => () => uploading.current?.abort(), []);

  function choose(field: LabImageField, file: File) {
    setChosen((current) => ({ ...current, [field]: file }));
    setFailures(({ [field]: _, ...others }) => others);
  }

  /** Sends each chosen image; answers the lab as it then stands and the images refused. */
  async function send(saved: ManagedLab): Promise<{ lab: ManagedLab; refused: ImageFailures }> {
    const refused: ImageFailures = {};
    let current = saved;
    for (const field of LAB_IMAGES) {
      const file = chosen[field];
      if (file === undefined) continue;
      const controller = new AbortController();
      uploading.current = controller;
      setSending({ field, progress: null });
      try {
        const set = await labsApi.setImage(saved.id, field, file, {
          signal: controller.signal,
          fileName: file.name,
          onProgress: ({ loaded, total }) =>
            setSending({ field, progress: total > 0 ? loaded / total : null }),
        });
        current = { ...current, [field]: set.url };
      } catch (error) {
        // Left on its way (the page closed): nothing more to send.
        if (controller.signal.aborted) throw error;
        refused[field] = toFailure(error);
      }
    }
    setSending(null);
    setChosen({});
    uploading.current = null;
    return { lab: current, refused };
  }

  return { chosen, failures, setFailures, sending, choose, send };
}

export type LabImageUploads = ReturnType<typeof useLabImageUploads>;

type LabImagesProps = {
  saved: Record<LabImageField, string | null>;
  uploads: LabImageUploads;
  disabled: boolean;
};

export function LabImages(props: LabImagesProps) {
  const { uploads } = props;
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
            file={uploads.chosen[field] ?? null}
            failure={uploads.failures[field] ?? null}
            progress={uploads.sending?.field === field ? uploads.sending.progress : undefined}
            disabled={props.disabled}
            onChoose={(file) => uploads.choose(field, file)}
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
  const preview = useFileUrl(file);
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
