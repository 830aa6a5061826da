// The document form (/admin/documents/create and /admin/documents/{id}; back-office spec 2.7 and 5):
// Name and File, both required to add a document; editing one, a file chosen replaces its file and the
// name alone renames it. 'Upload File' sends it with a bar that follows the upload; the server decides
// what the file is from its bytes, and a refusal (too large, a type not accepted, an empty file) is
// said in words under the form. Saved, it goes back to the list with a notice.
import { zodResolver } from '@hookform/resolvers/zod';
import type { AdminDocument } from '@lablive/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { FormField } from '../../components/FormField.tsx';
import { useToast } from '../../components/toasts/useToast.ts';
import { type Failure, toFailure } from '../../failure.ts';
import { useFormat } from '../../format/useFormat.ts';
import { translateMessage } from '../../i18n/messages.ts';
import { useInvalidate } from '../../queries/useInvalidate.ts';
import { documentsApi } from '../adminApi.ts';
import { RecordFormRoute } from '../RecordRoutes.tsx';
import { documentKeys, useDocument } from '../resources/documents.ts';
import { refusedFileMeaning, UploadProgress, UploadRefusal } from '../UploadStatus.tsx';
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_TYPE_NAMES,
  type DocumentFormValues,
  documentFormSchema,
  nameFromFileName,
} from './documentFormValues.ts';
import './documents.css';
import { FileField } from '../ControlField.tsx';
import { FormActions } from '../FormActions.tsx';
import { FormPage } from '../FormPage.tsx';

const LIST = '/admin/documents';

export function DocumentFormPage() {
  return (
    <RecordFormRoute list={LIST} useRecord={useDocument} errorTestId="document-form-error">
      {(document, key) => <DocumentForm key={key} document={document} />}
    </RecordFormRoute>
  );
}

/** The server's refusal of an upload, led by what it means for the person uploading. */
function Refusal({ failure }: { failure: Failure }) {
  const { t: ta } = useTranslation('admin');
  const texts = { tooLarge: ta('documentForm.tooLarge'), refusedType: ta('documentForm.refusedType') };
  const meaning =
    refusedFileMeaning(failure, texts) ?? (failure.status === 400 ? ta('documentForm.refused') : null);
  return <UploadRefusal failure={failure} leads={[meaning]} testId="document-save-error" />;
}

/** The file a document holds now: its name, type, size and day. */
function CurrentFile({ document }: { document: AdminDocument }) {
  const { t: ta } = useTranslation('admin');
  const format = useFormat();
  return (
    <div className="document-current" data-testid="document-current">
      <span className="field-label">{ta('documentForm.current')}</span>
      <p>
        {document.file_name || `${document.name}.${document.extension}`}
        <span className="muted">
          {' · '}
          {document.extension.toUpperCase()} · {format.size(document.size_bytes)} ·{' '}
          {format.day(document.created_at)}
        </span>
      </p>
    </div>
  );
}

function DocumentForm({ document }: { document: AdminDocument | null }) {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const navigate = useNavigate();
  const toast = useToast();
  const formId = useId();
  const creating = document === null;
  const [failure, setFailure] = useState<Failure | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const invalidate = useInvalidate();
  // Leaving the page stops an upload on its way.
  const uploading = useRef<AbortController | null>(null);
  useEffect(() => () => uploading.current?.abort(), []);
  const { control, register, handleSubmit, formState, getValues, setValue } = useForm<DocumentFormValues>({
    resolver: zodResolver(documentFormSchema(creating)),
    defaultValues: { name: document?.name ?? '', file: null },
  });
  const errors = formState.errors;
  const message = (text: string | undefined) => (text === undefined ? undefined : translateMessage(t, text));

  async function save(values: DocumentFormValues) {
    setFailure(null);
    const controller = new AbortController();
    uploading.current = controller;
    const options = {
      signal: controller.signal,
      onProgress: ({ loaded, total }: { loaded: number; total: number }) =>
        setProgress(total > 0 ? loaded / total : null),
    };
    try {
      if (document === null) {
        if (values.file === null) return;
        await documentsApi.create(values.name, values.file, options);
        toast.show({ title: ta('documentForm.created'), tone: 'success', testId: 'document-saved' });
      } else if (values.file !== null) {
        await documentsApi.replaceFile(document.id, values.file, { ...options, name: values.name });
        toast.show({ title: ta('documentForm.updated'), tone: 'success', testId: 'document-saved' });
      } else {
        await documentsApi.rename(document.id, values.name, { signal: controller.signal });
        toast.show({ title: ta('documentForm.updated'), tone: 'success', testId: 'document-saved' });
      }
      invalidate.afterSave(documentKeys.all);
      navigate(LIST);
    } catch (error) {
      if (!controller.signal.aborted) setFailure(toFailure(error));
    } finally {
      setProgress(null);
      uploading.current = null;
    }
  }

  const fileId = `${formId}-file`;
  const fileError = message(errors.file?.message);
  const sending = formState.isSubmitting;
  return (
    <FormPage
      titleId="document-form-title"
      title={creating ? ta('documentForm.createTitle') : ta('documentForm.editTitle')}
      className="document-form"
      testId="document-form"
      onSubmit={handleSubmit(save)}
    >
      <FormField
        id={`${formId}-name`}
        label={ta('documentForm.name')}
        type="text"
        autoComplete="off"
        registration={register('name')}
        testId="document-form-name"
        error={message(errors.name?.message)}
      />
      {document !== null && <CurrentFile document={document} />}
      <FileField
        control={control}
        name="file"
        id={fileId}
        label={creating ? ta('documentForm.file') : ta('documentForm.replaceFile')}
        hint={ta('documentForm.fileHint', { types: DOCUMENT_TYPE_NAMES })}
        error={fileError}
        accept={DOCUMENT_ACCEPT}
        disabled={sending}
        testId="document-form-file"
        onChosen={(chosen) => {
          // A new document is named after its file until someone names it.
          if (chosen !== null && creating && getValues('name').trim() === '') {
            setValue('name', nameFromFileName(chosen.name), { shouldValidate: true });
          }
        }}
      />
      {sending && (
        <UploadProgress
          progress={progress}
          label={ta('documentForm.progressLabel')}
          text={
            progress === null
              ? ta('documentForm.sending')
              : ta('documentForm.progress', { percent: Math.round(progress * 100) })
          }
          testId="document-progress"
        />
      )}
      {failure !== null && <Refusal failure={failure} />}
      <FormActions
        cancel={{ label: ta('documentForm.cancel'), testId: 'document-form-cancel', to: LIST }}
        submit={{
          label: ta('documentForm.submit'),
          sendingLabel: ta('documentForm.uploading'),
          sending,
          testId: 'document-form-submit',
        }}
      />
    </FormPage>
  );
}
