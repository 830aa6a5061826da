// The lab form (/admin/labs/create and /admin/labs/{id}; issue 28, part 1), for super-admins: the lab's
// name and address name, its colours with a live preview and the room's contrast check, its images, its
// modules, plan, time zone and default language, how long its events' chat and attendance are kept, and
// for a new lab its first administrator (mailed a link to set their password). Saving sends the lab, then each chosen image (a new lab has no id before);
// a refusal naming a field is said beside it in the reader's language; an image refused once the lab is
// saved is said beside the image, on the lab's own form.
import { zodResolver } from '@hookform/resolvers/zod';
import type { LabImageField, ManagedLab } from '@lablive/domain';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useToast } from '../../components/toasts/useToast.ts';
import { type Failure, toFailure } from '../../failure.ts';
import { useInvalidate } from '../../queries/useInvalidate.ts';
import { labsApi } from '../adminApi.ts';
import { FormActions } from '../FormActions.tsx';
import { FormPage } from '../FormPage.tsx';
import { LoadFailure } from '../LoadFailure.tsx';
import { RecordFormRoute } from '../RecordRoutes.tsx';
import { labKeys, useLab } from '../resources/labs.ts';
import { LabColors } from './LabColors.tsx';
import { type ImageFailures, LabImages, useFileUrl, useLabImageUploads } from './LabImages.tsx';
import { LabFirstAdmin, LabIdentity, LabPlan, LabRetention } from './LabSettings.tsx';
import {
  imageLabelKey,
  LAB_IMAGES,
  type LabFormRequest,
  type LabFormValues,
  labFormValuesOf,
  labFormValuesSchema,
  NEW_LAB_VALUES,
  refusedFields,
} from './labFormValues.ts';
import './labs.css';

const LIST = '/admin/labs';

export function LabFormPage() {
  return (
    <RecordFormRoute list={LIST} useRecord={useLab} errorTestId="lab-form-error">
      {(lab, key) => <LabForm key={key} lab={lab} />}
    </RecordFormRoute>
  );
}

/** What the form carries to a new lab's own form when one of its images was refused. */
type ReopenedState = { imageFailures: ImageFailures };

function reopenedFailures(state: unknown): ImageFailures {
  if (typeof state !== 'object' || state === null || !('imageFailures' in state)) return {};
  const failures = state.imageFailures;
  if (typeof failures !== 'object' || failures === null) return {};
  const kept: ImageFailures = {};
  for (const field of LAB_IMAGES) {
    const failure: unknown = (failures as Record<string, unknown>)[field];
    if (typeof failure === 'object' && failure !== null && 'status' in failure && 'detail' in failure) {
      const { status, detail } = failure;
      const code = 'code' in failure && typeof failure.code === 'string' ? failure.code : 'refused';
      if (typeof status === 'number' && typeof detail === 'string') kept[field] = { status, code, detail };
    }
  }
  return kept;
}

/** The lab as sent: its changes, or a new lab with its first admin. */
function sendLab(lab: ManagedLab | null, request: LabFormRequest): Promise<ManagedLab> {
  const { admin, ...settings } = request;
  if (lab !== null) return labsApi.change(lab.id, settings);
  if (admin === undefined) throw new Error('a new lab comes with its first admin');
  return labsApi.create({ ...settings, admin });
}

function LabForm({ lab: loaded }: { lab: ManagedLab | null }) {
  const { t: ta } = useTranslation('admin');
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const invalidate = useInvalidate();
  const [lab, setLab] = useState(loaded);
  const creating = lab === null;
  const [slugTyped, setSlugTyped] = useState(loaded !== null);
  const uploads = useLabImageUploads(reopenedFailures(location.state));
  const [failure, setFailure] = useState<Failure | null>(null);
  const form = useForm<LabFormValues, unknown, LabFormRequest>({
    resolver: zodResolver(labFormValuesSchema(creating)),
    defaultValues: loaded === null ? NEW_LAB_VALUES : labFormValuesOf(loaded),
  });

  async function save(request: LabFormRequest) {
    setFailure(null);
    uploads.setFailures({});
    let saved: ManagedLab;
    try {
      saved = await sendLab(lab, request);
    } catch (error) {
      const named = refusedFields(error, creating);
      for (const { field, message } of named) form.setError(field, { message }, { shouldFocus: true });
      if (named.length === 0) setFailure(toFailure(error));
      return;
    }
    invalidate.afterSave(labKeys.all);
    let outcome: Awaited<ReturnType<typeof uploads.send>>;
    try {
      outcome = await uploads.send(saved);
    } catch {
      return; // The page was left.
    }
    const done = ta(creating ? 'labs.form.created' : 'labs.form.updated', {
      name: saved.name,
      email: request.admin?.email ?? '',
    });
    toast.show({ title: done, tone: 'success', testId: 'lab-saved' });
    if (Object.keys(outcome.refused).length === 0) {
      navigate(LIST);
    } else if (creating) {
      // The lab exists now: its own form says which image was refused.
      navigate(`${LIST}/${saved.id}`, {
        replace: true,
        state: { imageFailures: outcome.refused } satisfies ReopenedState,
      });
    } else {
      setLab(outcome.lab);
      uploads.setFailures(outcome.refused);
    }
  }

  // The preview shows the logo about to be sent.
  const chosenLogo = useFileUrl(uploads.chosen.logo_url);
  const busy = form.formState.isSubmitting;
  const name = form.watch('name');
  const saved = {
    logo_url: lab?.logo_url ?? null,
    header_image_url: lab?.header_image_url ?? null,
    waiting_room_image_url: lab?.waiting_room_image_url ?? null,
  } satisfies Record<LabImageField, string | null>;
  return (
    <FormProvider {...form}>
      <FormPage
        titleId="lab-form-title"
        title={creating ? ta('labs.form.createTitle') : ta('labs.form.editTitle', { name: lab.name })}
        className="lab-form"
        testId="lab-form"
        onSubmit={form.handleSubmit(save)}
      >
        <LabIdentity slugTyped={slugTyped} onSlugTyped={() => setSlugTyped(true)} />
        <LabColors logoUrl={chosenLogo ?? saved.logo_url} name={name} />
        <LabImages saved={saved} uploads={uploads} disabled={busy} />
        <LabPlan />
        <LabRetention />
        {creating && <LabFirstAdmin />}
        {failure !== null && <LoadFailure failure={failure} testId="lab-form-save-error" />}
        <FormActions
          cancel={{ to: LIST, label: ta('labs.form.cancel'), testId: 'lab-form-cancel' }}
          submit={{
            label: creating ? ta('labs.form.create') : ta('labs.form.save'),
            sendingLabel:
              uploads.sending === null
                ? ta('labs.form.saving')
                : ta('labs.form.sendingImage', {
                    image: ta(`labs.form.${imageLabelKey(uploads.sending.field)}`),
                  }),
            sending: busy,
            testId: 'lab-form-submit',
          }}
        />
      </FormPage>
    </FormProvider>
  );
}
