// The event form (/admin/events/create and /admin/events/{id}; back-office spec, sections 2.3, 5 and 9),
// on react-hook-form with the domain's schema, the one the server applies. Create goes on to the
// guest list, edit back to the events; a refused save shows the server's message.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type EventForm,
  type EventFormInput,
  eventFormSchema,
  type LabEventDetails,
  type MediaSummary,
} from '@lablive/domain';
import { useState } from 'react';
import { Controller, FormProvider, useForm, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { useToast } from '../../components/toasts/useToast.ts';
import { type Failure, toFailure } from '../../failure.ts';
import { translateMessage } from '../../i18n/messages.ts';
import { useLoadedQueries } from '../../queries/loaded.ts';
import { useInvalidate } from '../../queries/useInvalidate.ts';
import { adminApi } from '../adminApi.ts';
import { ControlField } from '../ControlField.tsx';
import { FormActions } from '../FormActions.tsx';
import { FormPage } from '../FormPage.tsx';
import { LoadedView } from '../LoadedView.tsx';
import { LoadFailure } from '../LoadFailure.tsx';
import { eventKeys, useBlockedDays, useEventMediaChoices, useEventToEdit } from '../resources/events.ts';
import { useFormTarget } from '../routeIds.ts';
import { CertificateRulesSection } from './CertificateRulesSection.tsx';
import { DayField } from './DayField.tsx';
import { DescriptionEditor } from './DescriptionEditor.tsx';
import { editEventValues, newEventValues } from './eventFormValues.ts';
import { LobbyField } from './LobbyField.tsx';

const TIME_ZONES: readonly string[] = Intl.supportedValuesOf('timeZone');
const readerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

type Loaded = { medias: MediaSummary[]; blockedDays: string[]; event: LabEventDetails | null };

export function EventFormPage() {
  const target = useFormTarget();
  const { state } = useLoadedQueries({
    medias: useEventMediaChoices(),
    blocked: useBlockedDays(),
    event: useEventToEdit(target.id),
  });
  if (!target.valid) return <Navigate to="/admin/events" replace />;
  return (
    <LoadedView state={state} errorTestId="event-form-error">
      {({ medias, blocked, event }) => (
        <EventFormView
          key={target.key}
          loaded={{ medias, blockedDays: blocked.map((day) => day.date), event }}
        />
      )}
    </LoadedView>
  );
}

function EventFormView({ loaded }: { loaded: Loaded }) {
  const { t: ta } = useTranslation('admin');
  const navigate = useNavigate();
  const toast = useToast();
  const { event, medias, blockedDays } = loaded;
  const [failure, setFailure] = useState<Failure | null>(null);
  const invalidate = useInvalidate();
  const today = newEventValues(medias, new Date(), readerTimeZone());
  const form = useForm<EventFormInput, unknown, EventForm>({
    resolver: zodResolver(eventFormSchema),
    defaultValues: event === null ? today : editEventValues(event),
  });

  async function save(values: EventForm) {
    setFailure(null);
    try {
      if (event === null) {
        const { id } = await adminApi.createEvent(values);
        invalidate.afterSave(eventKeys.all);
        toast.show({ title: ta('form.saved'), tone: 'success' });
        navigate(`/admin/events/${id}/participants`);
      } else {
        await adminApi.editEvent(event.id, values);
        invalidate.afterSave(eventKeys.all);
        toast.show({ title: ta('form.saved'), tone: 'success' });
        navigate('/admin/events');
      }
    } catch (error) {
      setFailure(toFailure(error));
    }
  }

  const closed = event?.end_date != null;
  return (
    <FormProvider {...form}>
      <FormPage
        titleId="event-form-title"
        title={event === null ? ta('form.createTitle') : ta('form.editTitle')}
        lead={
          closed && (
            <p className="form-error" role="alert">
              {ta('form.closed')}
            </p>
          )
        }
        testId="event-form"
        onSubmit={form.handleSubmit(save)}
        after={event !== null && <CertificateRulesSection eventId={event.id} />}
      >
        <EventDataSection medias={medias} />
        <PlanningSection blockedDays={blockedDays} notBefore={event === null ? today.date : undefined} />
        <DescriptionSection />

        {failure !== null && <LoadFailure failure={failure} testId="event-save-error" />}
        <FormActions
          cancel={{ label: ta('form.cancel'), to: '/admin/events' }}
          submit={{
            label: event === null ? ta('form.submitCreate') : ta('form.submitEdit'),
            sendingLabel: ta('form.saving'),
            sending: form.formState.isSubmitting,
            disabled: closed || medias.length === 0,
            testId: 'event-submit',
          }}
        />
      </FormPage>
    </FormProvider>
  );
}

/** The event's data: name, rooms and how guests are distributed, its media, public or not, reminders. */
function EventDataSection({ medias }: { medias: readonly MediaSummary[] }) {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const { register, control, formState, watch, setValue } = useFormContext<EventFormInput>();
  const errors = formState.errors;
  const message = (text: string | undefined) => (text === undefined ? undefined : translateMessage(t, text));
  const rooms = Number(watch('rooms_needed'));
  const isPublic = watch('is_public');
  return (
    <fieldset className="form-section">
      <legend>{ta('form.eventData')}</legend>
      <ControlField id="event-name" label={ta('form.name')} error={message(errors.name?.message)}>
        {(describedBy) => (
          <input
            id="event-name"
            type="text"
            data-testid="event-name"
            aria-invalid={errors.name !== undefined}
            aria-describedby={describedBy}
            {...register('name')}
          />
        )}
      </ControlField>
      <ControlField id="event-rooms" label={ta('form.rooms')} error={message(errors.rooms_needed?.message)}>
        {(describedBy) => (
          <input
            id="event-rooms"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            data-testid="event-rooms"
            aria-invalid={errors.rooms_needed !== undefined}
            aria-describedby={describedBy}
            {...register('rooms_needed', { valueAsNumber: true })}
          />
        )}
      </ControlField>
      {rooms > 1 && (
        <fieldset
          className="field choice-group"
          aria-describedby={isPublic ? 'public-manual-notice' : undefined}
        >
          <legend>{ta('form.distribution')}</legend>
          <Controller
            control={control}
            name="auto_dispatcher"
            render={({ field }) => (
              <>
                <label className="checkbox-field">
                  <input
                    type="radio"
                    name="auto_dispatcher"
                    checked={isPublic || field.value !== false}
                    onChange={() => field.onChange(true)}
                    data-testid="distribution-automatic"
                  />
                  {ta('form.automatic')}
                </label>
                <label className="checkbox-field">
                  <input
                    type="radio"
                    name="auto_dispatcher"
                    disabled={isPublic}
                    checked={!isPublic && field.value === false}
                    onChange={() => field.onChange(false)}
                    data-testid="distribution-manual"
                  />
                  {ta('form.manual')}
                </label>
              </>
            )}
          />
          {isPublic && (
            <p id="public-manual-notice" className="field-hint" data-testid="public-manual-notice">
              {ta('form.publicManualNotice')}
            </p>
          )}
        </fieldset>
      )}
      <ControlField id="event-media" label={ta('form.media')} error={message(errors.medias?.message)}>
        {(describedBy) =>
          medias.length === 0 ? (
            <p className="form-error" id="event-media">
              {ta('form.noMedia')}
            </p>
          ) : (
            <Controller
              control={control}
              name="medias"
              render={({ field }) => (
                <select
                  id="event-media"
                  data-testid="event-media"
                  aria-describedby={describedBy}
                  value={String(field.value?.[0] ?? '')}
                  onChange={(change) => field.onChange([Number(change.target.value)])}
                >
                  {medias.map((media) => (
                    <option key={media.id} value={media.id}>
                      {media.name}
                    </option>
                  ))}
                </select>
              )}
            />
          )
        }
      </ControlField>
      <label className="checkbox-field">
        <input
          type="checkbox"
          data-testid="event-public"
          {...register('is_public', {
            // A public event's guests are always distributed automatically.
            onChange: (change: { target: { checked: boolean } }) => {
              if (change.target.checked) setValue('auto_dispatcher', true);
            },
          })}
        />
        {ta('form.public')}
      </label>
      <fieldset className="field">
        <legend>{ta('form.reminders')}</legend>
        <label className="checkbox-field">
          <input type="checkbox" data-testid="event-reminder-j7" {...register('email_relaunch_J7')} />
          {ta('form.j7')}
        </label>
        <label className="checkbox-field">
          <input type="checkbox" data-testid="event-reminder-j1" {...register('email_relaunch_J1')} />
          {ta('form.j1')}
        </label>
        <label className="checkbox-field">
          <input type="checkbox" data-testid="event-reminder-h1" {...register('email_relaunch_h1')} />
          {ta('form.h1')}
        </label>
      </fieldset>
      <LobbyField />
    </fieldset>
  );
}

/** When: the day (blocked days refused), the hours and the time zone they are told in. */
function PlanningSection(props: { blockedDays: readonly string[]; notBefore: string | undefined }) {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const { register, control, formState, watch } = useFormContext<EventFormInput>();
  const errors = formState.errors;
  const message = (text: string | undefined) => (text === undefined ? undefined : translateMessage(t, text));
  // The runtime's list leaves out aliases such as UTC: the event's own zone is always offered.
  const chosenZone = watch('default_timezone');
  const timeZones = TIME_ZONES.includes(chosenZone) ? TIME_ZONES : [chosenZone, ...TIME_ZONES];
  return (
    <fieldset className="form-section">
      <legend>{ta('form.planning')}</legend>
      <Controller
        control={control}
        name="date"
        render={({ field }) => (
          <DayField
            id="event-date"
            label={ta('form.date')}
            value={field.value}
            onChange={field.onChange}
            blockedDays={props.blockedDays}
            notBefore={props.notBefore}
            error={message(errors.date?.message)}
          />
        )}
      />
      <div className="field-row">
        <ControlField id="event-start" label={ta('form.start')} error={message(errors.start_time?.message)}>
          {(describedBy) => (
            <input
              id="event-start"
              type="time"
              data-testid="event-start"
              aria-describedby={describedBy}
              {...register('start_time')}
            />
          )}
        </ControlField>
        <ControlField id="event-end" label={ta('form.end')} error={message(errors.end_time?.message)}>
          {(describedBy) => (
            <input
              id="event-end"
              type="time"
              data-testid="event-end"
              aria-invalid={errors.end_time !== undefined}
              aria-describedby={describedBy}
              {...register('end_time')}
            />
          )}
        </ControlField>
      </div>
      <ControlField
        id="event-timezone"
        label={ta('form.timezone')}
        error={message(errors.default_timezone?.message)}
      >
        {(describedBy) => (
          <select
            id="event-timezone"
            data-testid="event-timezone"
            aria-describedby={describedBy}
            {...register('default_timezone')}
          >
            {timeZones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        )}
      </ControlField>
    </fieldset>
  );
}

/** The description, in the rich-text editor. */
function DescriptionSection() {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const { control, formState } = useFormContext<EventFormInput>();
  const errors = formState.errors;
  const message = (text: string | undefined) => (text === undefined ? undefined : translateMessage(t, text));
  return (
    <fieldset className="form-section">
      <legend id="event-description-label">{ta('form.description')}</legend>
      <p id="event-description-hint" className="field-hint">
        {ta('form.descriptionHint')}
      </p>
      <Controller
        control={control}
        name="description"
        render={({ field }) => (
          <DescriptionEditor
            id="event-description"
            labelId="event-description-label"
            hintId="event-description-hint"
            value={field.value ?? ''}
            onChange={field.onChange}
            error={message(errors.description?.message)}
          />
        )}
      />
    </fieldset>
  );
}
