// The media form (/admin/medias/create and /admin/medias/{id}; issue 17, part 7): name, slug (following
// the name until edited), what the stage loads (an uploaded build, a zip sent with a bar that follows the
// upload, or an embedded page's address), the canvas (width and height, or the whole stage) and a
// thumbnail. Saving sends the fields (with the zip for a new build media), then the zip, then the
// thumbnail; the server checks the zip (size, entries, paths, links) and says in words what it refused.
// A new media whose zip is refused is not created: the form stays as it was typed, with the refusal. One
// created whose thumbnail is refused is kept: the form reopens on it, so only the picture needs sending.
import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminMedia, DEMO_MEDIA_SLUG, mediaSlugOf } from '@lablive/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { FormProvider, useForm, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { FormField } from '../../components/FormField.tsx';
import { useToast } from '../../components/toasts/useToast.ts';
import { type Failure, toFailure } from '../../failure.ts';
import { useFormat } from '../../format/useFormat.ts';
import { translateMessage } from '../../i18n/messages.ts';
import { useInvalidate } from '../../queries/useInvalidate.ts';
import { mediasApi } from '../adminApi.ts';
import { RecordFormRoute } from '../RecordRoutes.tsx';
import { mediaKeys, useMedia } from '../resources/medias.ts';
import { UploadProgress } from '../UploadStatus.tsx';
import {
  BUILD_ACCEPT,
  type MediaFormRequest,
  type MediaFormValues,
  mediaFormReason,
  mediaFormValuesOf,
  mediaFormValuesSchema,
  NEW_MEDIA_VALUES,
  THUMBNAIL_ACCEPT,
} from './mediaFormValues.ts';
import './medias.css';
import { FileField, FileInput } from '../ControlField.tsx';
import { FormActions } from '../FormActions.tsx';
import { FormPage } from '../FormPage.tsx';
import { EmbeddingHelp } from './EmbeddingHelp.tsx';
import { MailTemplatesSection } from './MailTemplatesSection.tsx';
import { Refusal } from './MediaRefusal.tsx';
import { type SavingStep, saveMedia } from './saveMedia.ts';

const LIST = '/admin/medias';

/** What the form carries over when it reopens on a media it just created (its upload was refused). */
type ReopenedState = { failure: Failure };

function reopenedFailure(state: unknown): Failure | null {
  if (typeof state !== 'object' || state === null || !('failure' in state)) return null;
  const { failure } = state;
  if (typeof failure !== 'object' || failure === null) return null;
  if (!('status' in failure && 'code' in failure && 'detail' in failure)) return null;
  const { status, code, detail } = failure;
  return typeof status === 'number' && typeof code === 'string' && typeof detail === 'string'
    ? { status, code, detail }
    : null;
}

export function MediaFormPage() {
  return (
    <RecordFormRoute list={LIST} useRecord={useMedia} errorTestId="media-form-error">
      {(media, key) => <MediaForm key={key} media={media} />}
    </RecordFormRoute>
  );
}

type Sending = { what: SavingStep; progress: number | null };

function MediaForm({ media: loaded }: { media: AdminMedia | null }) {
  const { t: ta } = useTranslation('admin');
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const formId = useId();
  const [media, setMedia] = useState(loaded);
  const [failure, setFailure] = useState<Failure | null>(() => reopenedFailure(location.state));
  const [sending, setSending] = useState<Sending | null>(null);
  // The slug follows the name of a new media until someone types one.
  const [slugEdited, setSlugEdited] = useState(loaded !== null);
  // Leaving the page stops an upload on its way.
  const uploading = useRef<AbortController | null>(null);
  const invalidate = useInvalidate();
  useEffect(() => () => uploading.current?.abort(), []);
  const hasBuild = media?.build != null;
  const form = useForm<MediaFormValues, unknown, MediaFormRequest>({
    resolver: zodResolver(mediaFormValuesSchema(hasBuild)),
    defaultValues: loaded === null ? NEW_MEDIA_VALUES : mediaFormValuesOf(loaded),
  });
  const { register, handleSubmit, formState, watch, setValue } = form;
  const errors = formState.errors;
  const slug = watch('slug');
  const message = useMediaMessage();

  async function save(request: MediaFormRequest) {
    setFailure(null);
    const controller = new AbortController();
    uploading.current = controller;
    let saved: AdminMedia | null = null;
    try {
      saved = await saveMedia(media, request, {
        signal: controller.signal,
        onStep: (what, progress) => setSending({ what, progress }),
        onStored: (stored) => {
          saved = stored;
        },
      });
      toast.show({
        title: media === null ? ta('mediaForm.created') : ta('mediaForm.updated'),
        tone: 'success',
        testId: 'media-saved',
      });
      navigate(LIST);
    } catch (error) {
      if (controller.signal.aborted) return;
      const refused = toFailure(error);
      if (media === null && saved !== null) {
        // The media exists now: edit it, with what was refused.
        navigate(`/admin/medias/${saved.id}`, {
          replace: true,
          state: { failure: refused } satisfies ReopenedState,
        });
        return;
      }
      if (saved !== null) setMedia(saved);
      setFailure(refused);
    } finally {
      // Stored, even in part (a build refused after the media was saved): the lists load it next time.
      if (saved !== null) invalidate.afterSave(mediaKeys.all);
      setSending(null);
      uploading.current = null;
    }
  }

  async function removeThumbnail() {
    if (media === null) return;
    try {
      setMedia(await mediasApi.removeThumbnail(media.id));
      invalidate.afterSave(mediaKeys.all);
      toast.show({ title: ta('mediaForm.thumbnailRemoved'), tone: 'success' });
    } catch (error) {
      setFailure(toFailure(error));
    }
  }

  const busy = formState.isSubmitting;
  const nameField = register('name');
  const slugField = register('slug');
  return (
    <FormProvider {...form}>
      <FormPage
        titleId="media-form-title"
        title={media === null ? ta('mediaForm.createTitle') : ta('mediaForm.editTitle')}
        className="media-form"
        testId="media-form"
        onSubmit={handleSubmit(save)}
        // The media's own mails, once it exists and is the lab's (a shared media's are the platform's).
        after={media !== null && media.lab_id !== null && <MailTemplatesSection mediaId={media.id} />}
      >
        <FormField
          id={`${formId}-name`}
          label={ta('mediaForm.name')}
          type="text"
          autoComplete="off"
          registration={{
            ...nameField,
            onChange: async (event) => {
              await nameField.onChange(event);
              if (!slugEdited) setValue('slug', mediaSlugOf(event.target.value));
            },
          }}
          testId="media-form-name"
          error={message(errors.name?.message)}
        />
        <FormField
          id={`${formId}-slug`}
          label={ta('mediaForm.slug')}
          hint={ta('mediaForm.slugHint')}
          type="text"
          autoComplete="off"
          registration={{
            ...slugField,
            onChange: async (event) => {
              setSlugEdited(true);
              await slugField.onChange(event);
            },
          }}
          testId="media-form-slug"
          error={message(errors.slug?.message)}
        />
        {slug.trim() === DEMO_MEDIA_SLUG && (
          <p className="media-note" data-testid="media-demo-note">
            {ta('mediaForm.demoNote')}
          </p>
        )}

        <ContentSection formId={formId} media={media} busy={busy} />
        <CanvasSection formId={formId} />
        <ThumbnailField formId={formId} media={media} busy={busy} onRemove={() => void removeThumbnail()} />
        {sending !== null && <SendingProgress sending={sending} />}
        {failure !== null && <Refusal failure={failure} />}
        <FormActions
          cancel={{ label: ta('mediaForm.cancel'), testId: 'media-form-cancel', to: LIST }}
          submit={{
            label: ta('mediaForm.save'),
            sendingLabel: ta('mediaForm.saving'),
            sending: busy,
            testId: 'media-form-save',
          }}
        />
      </FormPage>
    </FormProvider>
  );
}

/** A refusal of the media form in the reader's words (the media rules have their own). */
function useMediaMessage() {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  return (text: string | undefined) => {
    if (text === undefined) return undefined;
    const reason = mediaFormReason(text);
    return reason === null ? translateMessage(t, text) : ta(`mediaForm.reasons.${reason}`);
  };
}

/** What the stage shows: a build (its zip, the one it holds now) or a page's address. */
function ContentSection({
  formId,
  media,
  busy,
}: {
  formId: string;
  media: AdminMedia | null;
  busy: boolean;
}) {
  const { t: ta } = useTranslation('admin');
  const format = useFormat();
  const message = useMediaMessage();
  const { register, control, formState, watch } = useFormContext<MediaFormValues>();
  const errors = formState.errors;
  const kind = watch('kind');
  const hasBuild = media?.build != null;
  const buildId = `${formId}-build`;
  const buildError = message(errors.build?.message);
  return (
    <fieldset className="form-section">
      <legend>{ta('mediaForm.kind')}</legend>
      <div className="media-kinds" role="radiogroup" aria-label={ta('mediaForm.kind')}>
        <label className="media-kind-choice">
          <input type="radio" value="build" data-testid="media-form-kind-build" {...register('kind')} />
          <span>
            <strong>{ta('mediaForm.kindBuild')}</strong>
            <span className="field-hint">{ta('mediaForm.kindBuildHint')}</span>
          </span>
        </label>
        <label className="media-kind-choice">
          <input type="radio" value="page" data-testid="media-form-kind-page" {...register('kind')} />
          <span>
            <strong>{ta('mediaForm.kindPage')}</strong>
            <span className="field-hint">{ta('mediaForm.kindPageHint')}</span>
          </span>
        </label>
      </div>
      {kind === 'page' ? (
        <FormField
          id={`${formId}-page-url`}
          label={ta('mediaForm.pageUrl')}
          hint={ta('mediaForm.pageUrlHint')}
          type="url"
          autoComplete="off"
          registration={register('page_url')}
          testId="media-form-page-url"
          error={message(errors.page_url?.message)}
        />
      ) : (
        <>
          {media?.build != null && (
            <div className="media-current" data-testid="media-current-build">
              <span className="field-label">{ta('mediaForm.currentBuild')}</span>
              <p>
                {ta('mediaForm.buildFacts', {
                  count: media.build.file_count,
                  files: format.count(media.build.file_count),
                  size: format.size(media.build.size_bytes),
                  date: format.day(media.build.uploaded_at),
                })}{' '}
                <a href={media.build.url} target="_blank" rel="noopener noreferrer">
                  {ta('mediaForm.openBuild')}
                </a>
              </p>
            </div>
          )}
          <FileField
            control={control}
            name="build"
            id={buildId}
            label={hasBuild ? ta('mediaForm.replaceBuild') : ta('mediaForm.build')}
            hint={ta('mediaForm.buildHint')}
            error={buildError}
            accept={BUILD_ACCEPT}
            disabled={busy}
            testId="media-form-build"
          />
        </>
      )}
      <EmbeddingHelp />
    </fieldset>
  );
}

/** The canvas the build is drawn on: its size, or the whole stage. */
function CanvasSection({ formId }: { formId: string }) {
  const { t: ta } = useTranslation('admin');
  const message = useMediaMessage();
  const { register, formState } = useFormContext<MediaFormValues>();
  const errors = formState.errors;
  return (
    <fieldset className="form-section">
      <legend>{ta('mediaForm.canvas')}</legend>
      <p className="field-hint">{ta('mediaForm.canvasHint')}</p>
      <div className="field-row">
        <FormField
          id={`${formId}-width`}
          label={ta('mediaForm.canvasWidth')}
          type="number"
          autoComplete="off"
          registration={register('canvas_width', { valueAsNumber: true })}
          testId="media-form-width"
          error={message(errors.canvas_width?.message)}
        />
        <FormField
          id={`${formId}-height`}
          label={ta('mediaForm.canvasHeight')}
          type="number"
          autoComplete="off"
          registration={register('canvas_height', { valueAsNumber: true })}
          testId="media-form-height"
          error={message(errors.canvas_height?.message)}
        />
      </div>
      <label className="checkbox-field">
        <input type="checkbox" data-testid="media-form-full-canvas" {...register('full_canvas')} />
        {ta('mediaForm.fullCanvas')}
      </label>
    </fieldset>
  );
}

/** The thumbnail: the current one (removable) and a new one to send. */
function ThumbnailField(props: {
  formId: string;
  media: AdminMedia | null;
  busy: boolean;
  onRemove: () => void;
}) {
  const { t: ta } = useTranslation('admin');
  const { control } = useFormContext<MediaFormValues>();
  const { media, busy } = props;
  const thumbnailId = `${props.formId}-thumbnail`;
  return (
    <div className="field media-thumbnail-field">
      {media?.thumbnail_url && (
        <div className="media-current-thumbnail" data-testid="media-current-thumbnail">
          <span className="field-label">{ta('mediaForm.currentThumbnail')}</span>
          <img src={media.thumbnail_url} alt={ta('mediaForm.currentThumbnail')} width={128} height={80} />
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={busy}
            data-testid="media-remove-thumbnail"
            onClick={props.onRemove}
          >
            {ta('mediaForm.removeThumbnail')}
          </button>
        </div>
      )}
      <label htmlFor={thumbnailId}>
        {media?.thumbnail_url ? ta('mediaForm.replaceThumbnail') : ta('mediaForm.thumbnail')}
      </label>
      <p id={`${thumbnailId}-hint`} className="field-hint">
        {ta('mediaForm.thumbnailHint')}
      </p>
      <FileInput
        control={control}
        name="thumbnail"
        id={thumbnailId}
        accept={THUMBNAIL_ACCEPT}
        disabled={busy}
        describedBy={`${thumbnailId}-hint`}
        testId="media-form-thumbnail"
      />
    </div>
  );
}

/** How far the upload is: the build's bar, then its check; the thumbnail's. */
function SendingProgress({ sending }: { sending: Sending }) {
  const { t: ta } = useTranslation('admin');
  // Once the last byte is sent, the server checks the build: the bar waits without a value.
  const checking = sending.progress !== null && sending.progress >= 1;
  return (
    <UploadProgress
      progress={checking ? null : sending.progress}
      label={ta('mediaForm.progressLabel')}
      text={
        sending.what === 'thumbnail'
          ? ta('mediaForm.uploadingThumbnail')
          : checking
            ? ta('mediaForm.checkingBuild')
            : ta('mediaForm.uploadingBuild', { percent: Math.round((sending.progress ?? 0) * 100) })
      }
      testId="media-progress"
    />
  );
}
