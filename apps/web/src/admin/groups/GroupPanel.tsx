// The group panel (back-office spec 2.8 and 5: "an inline add/edit panel"), above the groups list: the
// name (required: 'This field must be filled'), the colour (#3c7cff by default), the picture (sent once
// the group is saved, with its progress), and who and what the group gathers: users, medias, and, when
// the lab has those modules, documents and polls. Saved, the list shows it with the spec's notice; a
// refusal is said in the panel. A picture refused after the group was saved leaves the panel open on
// the saved group, saying so, to try another picture.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_GROUP_COLOR,
  type Group,
  type GroupChoice,
  type GroupChoices,
  type GroupForm,
  type GroupFormInput,
  groupFormSchema,
} from '@lablive/domain';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { type Control, Controller, FormProvider, useForm, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../auth/useAuth.ts';
import { FormField } from '../../components/FormField.tsx';
import { type Failure, toFailure } from '../../failure.ts';
import { translateMessage } from '../../i18n/messages.ts';
import { groupsApi, picturesApi } from '../adminApi.ts';
import { FormActions } from '../FormActions.tsx';
import { LoadFailure } from '../LoadFailure.tsx';
import {
  PictureChooser,
  PictureProgress,
  PictureRefusal,
  usePictureHint,
} from '../pictures/PictureUpload.tsx';
import { ChoicePicker } from './ChoicePicker.tsx';
import { GroupBadge } from './GroupBadge.tsx';

export type GroupPanelProps = {
  /** The group edited; null to add one. */
  group: Group | null;
  choices: GroupChoices;
  /** `quiet`: shown in the list without a notice (a picture set before the rest is saved). */
  onSaved: (group: Group, how: 'created' | 'edited' | 'quiet') => Promise<void>;
  onClose: () => void;
};

export function GroupPanel({ group: opened, choices, onSaved, onClose }: GroupPanelProps) {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const formId = useId();
  const modules = useCurrentUser()?.lab.modules ?? [];
  const withDocuments = modules.includes('share_document');
  const withPolls = modules.includes('polls');
  // Once saved (a new group, or a picture refused after the save), the panel edits the saved group.
  const [group, setGroup] = useState(opened);
  const [failure, setFailure] = useState<Failure | null>(null);
  const upload = useGroupPicture();
  const { picture, removePicture, sendPicture } = upload;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const form = useForm<GroupFormInput, unknown, GroupForm>({
    resolver: zodResolver(groupFormSchema),
    defaultValues: {
      name: opened?.name ?? '',
      color: opened?.color ?? DEFAULT_GROUP_COLOR,
      users: opened?.users ?? [],
      medias: opened?.medias ?? [],
      documents: opened?.documents ?? [],
      polls: opened?.polls ?? [],
    },
  });
  const { register, handleSubmit, formState, watch } = form;
  const errors = formState.errors;
  const message = (text: string | undefined) => (text === undefined ? undefined : translateMessage(t, text));
  const color = watch('color') ?? DEFAULT_GROUP_COLOR;
  const name = watch('name');

  /**
   * An existing group gets its new picture first: refused, nothing else changed, and the panel says
   * why. A new group is created first (its picture needs its id): a picture refused then leaves the
   * panel on the created group, saying that the group is saved but not its picture.
   */
  async function save(form: GroupForm) {
    setFailure(null);
    upload.setPictureFailure(null);
    const body: GroupFormInput = {
      ...form,
      // Lists of a module the lab lacks are not shown, so not sent: the group keeps what it holds.
      ...(withDocuments ? {} : { documents: undefined }),
      ...(withPolls ? {} : { polls: undefined }),
      ...(removePicture && picture === null ? { picture_url: null } : {}),
    };
    if (group !== null && picture !== null) {
      const url = await sendPicture(group.id, picture);
      if (url === null) return;
      const withPicture = { ...group, picture_url: url };
      setGroup(withPicture);
      await onSaved(withPicture, 'quiet');
    }
    let saved: Group;
    try {
      saved = group ? await groupsApi.editGroup(group.id, body) : await groupsApi.createGroup(body);
    } catch (error) {
      setFailure(toFailure(error));
      return;
    }
    if (group === null && picture !== null) {
      setGroup(saved);
      await onSaved(saved, 'created');
      const url = await sendPicture(saved.id, picture, ta('groupForm.pictureNotSaved'));
      if (url === null) return;
      saved = { ...saved, picture_url: url };
      await onSaved(saved, 'quiet');
      onClose();
      return;
    }
    await onSaved(saved, group === null ? 'created' : 'edited');
    onClose();
  }

  const titleId = `${formId}-title`;
  const sending = formState.isSubmitting;
  return (
    <section className="admin-panel group-panel" aria-labelledby={titleId} data-testid="group-panel">
      <h2 id={titleId} ref={heading} tabIndex={-1}>
        {group === null ? ta('groupForm.createTitle') : ta('groupForm.editTitle', { name: group.name })}
      </h2>
      <FormProvider {...form}>
        <form
          className="admin-form group-form"
          noValidate
          onSubmit={handleSubmit(save)}
          data-testid="group-form"
        >
          <div className="group-form-identity">
            <FormField
              id={`${formId}-name`}
              label={`${ta('groupForm.name')} *`}
              type="text"
              autoComplete="off"
              registration={register('name')}
              testId="group-form-name"
              error={message(errors.name?.message)}
            />
            <ColorField formId={formId} color={color} />
            <GroupPictureField
              formId={formId}
              upload={upload}
              name={name}
              color={color}
              savedUrl={group?.picture_url ?? null}
              sending={sending}
            />
          </div>
          <GroupLinks choices={choices} withDocuments={withDocuments} withPolls={withPolls} />
          {upload.sending && <PictureProgress progress={upload.progress} />}
          {failure !== null && <LoadFailure failure={failure} testId="group-save-error" />}
          {upload.pictureFailure !== null && (
            <PictureRefusal
              failure={upload.pictureFailure.failure}
              {...(upload.pictureFailure.lead === undefined ? {} : { lead: upload.pictureFailure.lead })}
              testId="group-picture-error"
            />
          )}
          <FormActions
            cancel={{ label: ta('groupForm.cancel'), testId: 'group-form-cancel', onClick: onClose }}
            submit={{
              label: ta('groupForm.save'),
              sendingLabel: ta('groupForm.saving'),
              sending,
              testId: 'group-form-save',
            }}
          />
        </form>
      </FormProvider>
    </section>
  );
}

type PictureFailure = { failure: Failure; lead?: string };

/** The group's picture on its way: the file chosen (or the current one removed), its preview, and its
 *  upload once the group has an id, with its progress and refusal. */
function useGroupPicture() {
  const [pictureFailure, setPictureFailure] = useState<PictureFailure | null>(null);
  // A chosen file the browser cannot show (the server will say what it is).
  const [previewBroken, setPreviewBroken] = useState(false);
  const [picture, setPicture] = useState<File | null>(null);
  const [removePicture, setRemovePicture] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const preview = useMemo(() => (picture ? URL.createObjectURL(picture) : null), [picture]);
  useEffect(() => {
    if (preview === null) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);
  // Leaving the page stops a picture on its way.
  const uploading = useRef<AbortController | null>(null);
  useEffect(() => () => uploading.current?.abort(), []);

  /** Sends the chosen picture for the group; answers its URL, or null when it was refused (said). */
  async function sendPicture(groupId: number, file: File, lead?: string): Promise<string | null> {
    const controller = new AbortController();
    uploading.current = controller;
    setSending(true);
    try {
      const set = await picturesApi.upload('group', groupId, file, {
        signal: controller.signal,
        onProgress: ({ loaded, total }) => setProgress(total > 0 ? loaded / total : null),
      });
      setPicture(null);
      return set.url;
    } catch (error) {
      // Left on its way (the page closed): nothing to say.
      if (!controller.signal.aborted) {
        setPicture(null);
        setPictureFailure({ failure: toFailure(error), ...(lead === undefined ? {} : { lead }) });
      }
      return null;
    } finally {
      setSending(false);
      setProgress(null);
      uploading.current = null;
    }
  }

  return {
    picture,
    setPicture,
    removePicture,
    setRemovePicture,
    preview,
    previewBroken,
    setPreviewBroken,
    progress,
    sending,
    pictureFailure,
    setPictureFailure,
    sendPicture,
  };
}

type GroupPictureUpload = ReturnType<typeof useGroupPicture>;

/** The colour, picked, with its code beside it. */
function ColorField({ formId, color }: { formId: string; color: string }) {
  const { t: ta } = useTranslation('admin');
  const { register } = useFormContext<GroupFormInput>();
  return (
    <div className="field group-color-field">
      <label htmlFor={`${formId}-color`}>{ta('groupForm.color')}</label>
      <p id={`${formId}-color-hint`} className="field-hint">
        {ta('groupForm.colorHint', { color: DEFAULT_GROUP_COLOR })}
      </p>
      <span className="group-color-input">
        <input
          id={`${formId}-color`}
          type="color"
          aria-describedby={`${formId}-color-hint`}
          data-testid="group-form-color"
          {...register('color')}
        />
        <output htmlFor={`${formId}-color`} className="group-color-code">
          {color}
        </output>
      </span>
    </div>
  );
}

/** The picture: the chosen one's preview, the current one, or the group's badge; choose, remove, keep. */
function GroupPictureField(props: {
  formId: string;
  upload: GroupPictureUpload;
  name: string;
  color: string;
  savedUrl: string | null;
  sending: boolean;
}) {
  const { t: ta } = useTranslation('admin');
  const pictureHint = usePictureHint();
  const { formId, upload, name, color, sending } = props;
  const {
    picture,
    setPicture,
    removePicture,
    setRemovePicture,
    preview,
    setPreviewBroken,
    setPictureFailure,
  } = upload;
  const pictureHintId = `${formId}-picture-hint`;
  const shownPicture =
    preview !== null && !upload.previewBroken
      ? preview
      : removePicture || preview !== null
        ? null
        : props.savedUrl;
  return (
    <div className="field group-picture-field">
      <span className="field-label">{ta('groupForm.picture')}</span>
      <p id={pictureHintId} className="field-hint">
        {pictureHint}
      </p>
      <div className="group-picture-row">
        {shownPicture === null ? (
          <GroupBadge group={{ name: name || '?', color, picture_url: null }} size="large" />
        ) : (
          <span className="group-picture group-picture-large">
            <img
              src={shownPicture}
              alt={shownPicture === preview ? ta('pictures.preview') : ''}
              data-testid="group-form-picture"
              onError={() => {
                if (shownPicture === preview) setPreviewBroken(true);
              }}
            />
          </span>
        )}
        <div className="group-picture-actions">
          <PictureChooser
            id={`${formId}-picture`}
            label={shownPicture === null ? ta('groupForm.choosePicture') : ta('groupForm.changePicture')}
            describedBy={pictureHintId}
            disabled={sending}
            testId="group-form-picture-input"
            onChoose={(file) => {
              setPicture(file);
              setPreviewBroken(false);
              setRemovePicture(false);
              setPictureFailure(null);
            }}
          />
          {(picture !== null || (props.savedUrl && !removePicture)) && (
            <button
              type="button"
              className="button button-secondary button-small"
              disabled={sending}
              data-testid="group-form-picture-remove"
              onClick={() => {
                if (picture !== null) setPicture(null);
                else setRemovePicture(true);
              }}
            >
              {ta('groupForm.removePicture')}
            </button>
          )}
          {removePicture && picture === null && (
            <>
              <p className="muted" aria-live="polite">
                {ta('groupForm.pictureRemoved')}
              </p>
              <button
                type="button"
                className="button button-secondary button-small"
                onClick={() => setRemovePicture(false)}
              >
                {ta('groupForm.keepPicture')}
              </button>
            </>
          )}
        </div>
      </div>
    </div>
  );
}

/** Who and what the group gathers: users, medias, and the documents and polls of a lab with them. */
function GroupLinks(props: { choices: GroupChoices; withDocuments: boolean; withPolls: boolean }) {
  const { t: ta } = useTranslation('admin');
  const { control } = useFormContext<GroupFormInput, unknown, GroupForm>();
  const { choices, withDocuments, withPolls } = props;
  return (
    <div className="group-form-links">
      <Picker name="users" legend={ta('groupForm.users')} choices={choices.users} control={control} />
      <Picker name="medias" legend={ta('groupForm.medias')} choices={choices.medias} control={control} />
      {withDocuments && (
        <Picker
          name="documents"
          legend={ta('groupForm.documents')}
          choices={choices.documents}
          control={control}
        />
      )}
      {withPolls && (
        <Picker name="polls" legend={ta('groupForm.polls')} choices={choices.polls} control={control} />
      )}
    </div>
  );
}

/** One list of the group (users, medias, documents, polls) as a checkbox picker. */
function Picker(props: {
  name: 'users' | 'medias' | 'documents' | 'polls';
  legend: string;
  choices: readonly (GroupChoice & { email?: string })[];
  control: Control<GroupFormInput, unknown, GroupForm>;
}) {
  return (
    <Controller
      control={props.control}
      name={props.name}
      render={({ field }) => (
        <ChoicePicker
          legend={props.legend}
          choices={props.choices.map((choice) => ({
            id: choice.id,
            name: choice.name,
            ...(choice.email && choice.email !== choice.name ? { detail: choice.email } : {}),
          }))}
          value={field.value ?? []}
          onChange={field.onChange}
          testId={`group-form-${props.name}`}
        />
      )}
    />
  );
}
