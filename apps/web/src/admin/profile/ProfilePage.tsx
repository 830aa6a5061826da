// My account (/admin/profile; back-office spec 2.12): the signed-in user's e-mail, names, position and
// address, saved with "Profile updated!"; their picture, sent as soon as it is chosen (POST upload, with
// its progress) and shown in the side card and the sidebar; their laboratory read-only (name, modules,
// and the plan's minutes for those who may see consumption); a side card with who they are. A refused
// save (an e-mail another account holds, a file that is no picture) says why, never only in a log.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type LabView,
  type ManagedUser,
  type ProfileForm,
  type ProfileFormInput,
  profileFormSchema,
} from '@lablive/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAuthActor, useCurrentUser } from '../../auth/useAuth.ts';
import { PageSpinner } from '../../components/PageSpinner.tsx';
import { SubmitButton } from '../../components/SubmitButton.tsx';
import { useToast } from '../../components/toasts/useToast.ts';
import { type Failure, toFailure } from '../../failure.ts';
import { useLoadedQueries } from '../../queries/loaded.ts';
import { useInvalidate } from '../../queries/useInvalidate.ts';
import { picturesApi, usersApi } from '../adminApi.ts';
import { LoadFailure } from '../LoadFailure.tsx';
import {
  PictureChooser,
  PictureProgress,
  PictureRefusal,
  usePictureHint,
} from '../pictures/PictureUpload.tsx';
import { useLab, userKeys, useUser } from '../resources/users.ts';
import { ProfileFields } from '../users/ProfileFields.tsx';

export function ProfilePage() {
  const current = useCurrentUser();
  const userId = current?.id ?? 0;
  const labId = current?.lab.id ?? 0;
  const { state } = useLoadedQueries({ user: useUser(userId), lab: useLab(labId) });
  if (state.status === 'loading') return <PageSpinner />;
  if (state.status === 'failed') return <LoadFailure failure={state.failure} testId="profile-error" />;
  return <Profile user={state.value.user} lab={state.value.lab} />;
}

function initialsOf(user: Pick<ManagedUser, 'first_name' | 'last_name' | 'email'>): string {
  const letters = [user.first_name, user.last_name].map((name) => [...name.trim()][0] ?? '').join('');
  return (letters || ([...user.email][0] ?? '?')).toLocaleUpperCase();
}

function Profile({ user: loaded, lab }: { user: ManagedUser; lab: LabView }) {
  const { t: ta } = useTranslation('admin');
  const toast = useToast();
  const auth = useAuthActor();
  const [user, setUser] = useState(loaded);
  const [failure, setFailure] = useState<Failure | null>(null);
  const form = useForm<ProfileFormInput, unknown, ProfileForm>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: {
      email: user.email,
      first_name: user.first_name,
      last_name: user.last_name,
      job: user.job ?? '',
      address: user.address ?? '',
    },
  });
  const invalidate = useInvalidate();

  async function save(values: ProfileForm) {
    setFailure(null);
    try {
      const saved = await usersApi.updateUser(user.id, values);
      setUser(saved);
      invalidate.markStale(userKeys.all);
      // The address stays the current one until the link mailed to the new one is followed.
      form.reset({ ...values, email: saved.email, job: saved.job ?? '', address: saved.address ?? '' });
      auth.send({
        type: 'auth.profileChanged',
        profile: { email: saved.email, first_name: saved.first_name, last_name: saved.last_name },
      });
      toast.show({
        title: ta('profile.saved'),
        ...(saved.pending_email !== null && saved.pending_email !== user.pending_email
          ? { description: ta('profile.emailPending', { email: saved.pending_email }) }
          : {}),
        tone: 'success',
      });
    } catch (error) {
      setFailure(toFailure(error));
    }
  }

  function picture(avatarUrl: string) {
    setUser((current) => ({ ...current, avatar_url: avatarUrl }));
    invalidate.markStale(userKeys.all);
    auth.send({
      type: 'auth.profileChanged',
      profile: {
        email: user.email,
        first_name: user.first_name,
        last_name: user.last_name,
        avatar_url: avatarUrl,
      },
    });
    toast.show({ title: ta('profile.saved'), tone: 'success', testId: 'profile-picture-saved' });
  }

  return (
    <section className="admin-page" aria-labelledby="profile-title">
      <h1 id="profile-title">{ta('profile.title')}</h1>
      <div className="profile-layout">
        <ProfileCard user={user} onPicture={picture} />
        <div className="profile-main">
          <FormProvider {...form}>
            <form
              className="admin-form"
              noValidate
              onSubmit={form.handleSubmit(save)}
              data-testid="profile-form"
            >
              <ProfileFields
                prefix="profile"
                ownDetails
                underEmail={
                  user.pending_email !== null && (
                    <p className="muted" role="status" data-testid="profile-email-pending">
                      {ta('profile.emailPending', { email: user.pending_email })}
                    </p>
                  )
                }
              />
              <p className="muted">{ta('profile.requiredHint')}</p>
              {failure !== null && <LoadFailure failure={failure} testId="profile-save-error" />}
              <div className="form-actions">
                <SubmitButton
                  label={ta('profile.save')}
                  sendingLabel={ta('participantForm.saving')}
                  sending={form.formState.isSubmitting}
                  testId="profile-save"
                />
              </div>
            </form>
          </FormProvider>
          <LabDetails lab={lab} />
        </div>
      </div>
    </section>
  );
}

/** The side card: the picture (sent as soon as it is chosen), the name, e-mail, job and roles. */
function ProfileCard({ user, onPicture }: { user: ManagedUser; onPicture: (url: string) => void }) {
  const { t: ta } = useTranslation('admin');
  return (
    <aside className="profile-card" aria-label={ta('profile.card')} data-testid="profile-card">
      <span className="profile-avatar" aria-hidden="true">
        {user.avatar_url ? (
          <img src={user.avatar_url} alt="" data-testid="profile-avatar" />
        ) : (
          initialsOf(user)
        )}
      </span>
      <AvatarUpload user={user} onUploaded={onPicture} />
      <p className="profile-name">{`${user.first_name} ${user.last_name}`.trim() || user.email}</p>
      <p className="muted">{user.email}</p>
      {user.job && <p>{user.job}</p>}
      <p className="muted">
        {user.roles.map((role) => ta(`profile.roles.${role.name}` as 'profile.title')).join(', ')}
      </p>
    </aside>
  );
}

/** The lab, read-only: its name, plan and modules. */
function LabDetails({ lab }: { lab: LabView }) {
  const { t: ta } = useTranslation('admin');
  return (
    <section className="profile-lab" aria-labelledby="profile-lab-title" data-testid="profile-lab">
      <h2 id="profile-lab-title">{ta('profile.laboratory')}</h2>
      <dl>
        <dt>{ta('profile.labName')}</dt>
        <dd>{lab.name}</dd>
        {lab.plan_minutes !== undefined && (
          <>
            <dt>{ta('profile.plan')}</dt>
            <dd>{ta('profile.minutes', { count: lab.plan_minutes })}</dd>
          </>
        )}
        <dt>{ta('profile.modules')}</dt>
        <dd>
          {lab.modules.length === 0
            ? ta('profile.noModules')
            : lab.modules
                .map((module) => ta(`profile.moduleNames.${module.name}` as 'profile.title'))
                .join(', ')}
        </dd>
      </dl>
    </section>
  );
}

/** The side card's picture button: the picture is sent as soon as it is chosen. */
function AvatarUpload({ user, onUploaded }: { user: ManagedUser; onUploaded: (url: string) => void }) {
  const { t: ta } = useTranslation('admin');
  const id = useId();
  const hint = usePictureHint();
  const [progress, setProgress] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  // Leaving the page stops a picture on its way.
  const uploading = useRef<AbortController | null>(null);
  useEffect(() => () => uploading.current?.abort(), []);

  async function send(file: File) {
    setFailure(null);
    setSending(true);
    const controller = new AbortController();
    uploading.current = controller;
    try {
      const set = await picturesApi.upload('users', user.id, file, {
        signal: controller.signal,
        onProgress: ({ loaded, total }) => setProgress(total > 0 ? loaded / total : null),
      });
      onUploaded(set.url);
    } catch (error) {
      if (!controller.signal.aborted) setFailure(toFailure(error));
    } finally {
      setSending(false);
      setProgress(null);
      uploading.current = null;
    }
  }

  return (
    <div className="profile-picture" data-testid="profile-picture">
      <PictureChooser
        id={`${id}-picture`}
        label={user.avatar_url ? ta('profilePicture.change') : ta('profilePicture.choose')}
        describedBy={`${id}-hint`}
        disabled={sending}
        testId="profile-picture-input"
        onChoose={(file) => void send(file)}
      />
      <p id={`${id}-hint`} className="field-hint">
        {hint}
      </p>
      {sending && <PictureProgress progress={progress} />}
      {failure !== null && <PictureRefusal failure={failure} testId="profile-picture-error" />}
    </div>
  );
}
