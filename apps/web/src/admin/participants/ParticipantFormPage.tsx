// The participant form (/admin/events/{eventId}/participants/create and /{partId}; back-office spec,
// sections 2.5 and 5): full name, room (required when the event places its guests by hand), e-mail,
// role and job title, with the domain's schema. Adding a guest also sends their invitation mail.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  EVENT_ROLES,
  type EventRoom,
  type LabEventDetails,
  type ParticipantForm,
  type ParticipantView,
  type participantFormSchema,
  participantFormSchemaFor,
} from '@lablive/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import type { z } from 'zod';
import { FormField } from '../../components/FormField.tsx';
import { useToast } from '../../components/toasts/useToast.ts';
import { type Failure, toFailure } from '../../failure.ts';
import { describeFailure, translateMessage } from '../../i18n/messages.ts';
import { roomName } from '../../i18n/roomName.ts';
import { useLoadedQueries } from '../../queries/loaded.ts';
import { useInvalidate } from '../../queries/useInvalidate.ts';
import { adminApi } from '../adminApi.ts';
import { ControlField } from '../ControlField.tsx';
import { FormActions } from '../FormActions.tsx';
import { FormPage } from '../FormPage.tsx';
import { LoadedView } from '../LoadedView.tsx';
import { eventKeys, useEvent, useEventRooms, useParticipant } from '../resources/events.ts';
import { formTargetOf, recordIdOf } from '../routeIds.ts';
import { useSendInvitation } from './useSendInvitation.ts';

type Loaded = { event: LabEventDetails; rooms: EventRoom[]; guest: ParticipantView | null };
type FormInput = z.input<typeof participantFormSchema>;

export function ParticipantFormPage() {
  const params = useParams();
  const eventId = recordIdOf(params.eventId);
  const guest = formTargetOf(params.partId);
  const valid = eventId !== null && guest.valid;
  const { state } = useLoadedQueries({
    event: useEvent(eventId ?? 0, valid),
    rooms: useEventRooms(eventId ?? 0, valid),
    guest: useParticipant(valid ? guest.id : null),
  });
  if (!valid) return <Navigate to="/admin/events" replace />;
  return (
    <LoadedView state={state} errorTestId="participant-form-error">
      {(loaded) => <ParticipantFormView key={guest.key} loaded={loaded} />}
    </LoadedView>
  );
}

function ParticipantFormView({ loaded }: { loaded: Loaded }) {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const navigate = useNavigate();
  const toast = useToast();
  const { event, rooms, guest } = loaded;
  const [failure, setFailure] = useState<Failure | null>(null);
  const sendInvitation = useSendInvitation();
  const manual = !event.auto_dispatcher;
  const { register, handleSubmit, formState } = useForm<FormInput, unknown, ParticipantForm>({
    resolver: zodResolver(participantFormSchemaFor(event)),
    defaultValues: {
      name: guest?.name ?? '',
      email: guest?.email ?? '',
      role: guest?.role ?? 'participant',
      room_id: guest?.room_id ?? null,
      job: guest?.job ?? '',
    },
  });
  const errors = formState.errors;
  const message = (text: string | undefined) => (text === undefined ? undefined : translateMessage(t, text));
  const backToList = `/admin/events/${event.id}/participants`;

  const invalidate = useInvalidate();

  async function save(form: ParticipantForm) {
    setFailure(null);
    try {
      if (guest === null) {
        const added = await adminApi.addParticipant(event.id, form);
        await sendInvitation(added);
      } else {
        await adminApi.editParticipant(guest.id, form);
        toast.show({ title: ta('participantForm.saved'), tone: 'success' });
      }
      invalidate.afterSave(eventKeys.all);
      navigate(backToList);
    } catch (error) {
      setFailure(toFailure(error));
    }
  }

  return (
    <FormPage
      titleId="participant-form-title"
      title={guest === null ? ta('participantForm.createTitle') : ta('participantForm.editTitle')}
      lead={<p className="muted">{ta('participants.of', { name: event.name })}</p>}
      testId="participant-form"
      onSubmit={handleSubmit(save)}
    >
      <FormField
        id="participant-name"
        label={ta('participantForm.fullName')}
        type="text"
        autoComplete="off"
        registration={register('name')}
        testId="participant-name"
        error={message(errors.name?.message)}
      />
      <ControlField
        id="participant-room"
        label={ta('participantForm.room')}
        error={errors.room_id === undefined ? undefined : (message(errors.room_id.message) ?? '')}
      >
        {(describedBy) => (
          <select
            id="participant-room"
            data-testid="participant-room"
            aria-invalid={errors.room_id !== undefined}
            aria-describedby={describedBy}
            {...register('room_id', {
              setValueAs: (value: string | number | null) =>
                value === '' || value === null ? null : Number(value),
            })}
          >
            {!manual && <option value="">{ta('participantForm.roomAutomatic')}</option>}
            {manual && <option value="">—</option>}
            {rooms.map((room) => (
              <option key={room.id} value={room.id}>
                {roomName(t, room.name)}
              </option>
            ))}
          </select>
        )}
      </ControlField>
      <FormField
        id="participant-email"
        label={ta('participantForm.email')}
        type="email"
        autoComplete="off"
        registration={register('email')}
        testId="participant-email"
        error={message(errors.email?.message)}
      />
      <ControlField id="participant-role" label={ta('participantForm.role')}>
        {() => (
          <select id="participant-role" data-testid="participant-role" {...register('role')}>
            {EVENT_ROLES.map((role) => (
              <option key={role} value={role}>
                {ta(`roles.${role}`)}
              </option>
            ))}
          </select>
        )}
      </ControlField>
      <FormField
        id="participant-job"
        label={ta('participantForm.job')}
        type="text"
        autoComplete="organization-title"
        registration={register('job')}
        testId="participant-job"
        error={message(errors.job?.message)}
      />
      {failure !== null && (
        <p className="form-error" role="alert" data-testid="participant-save-error">
          {describeFailure(t, failure)}
        </p>
      )}
      <FormActions
        cancel={{ label: ta('form.cancel'), to: backToList }}
        submit={{
          label: guest === null ? ta('participantForm.submitCreate') : ta('participantForm.submitEdit'),
          sendingLabel: ta('participantForm.saving'),
          sending: formState.isSubmitting,
          testId: 'participant-submit',
        }}
      />
    </FormPage>
  );
}
