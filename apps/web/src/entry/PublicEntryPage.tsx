// The public event link (`/{slug}`, live-room spec, sections 2 and 5): the event in its lab's look and
// a form for first name, last name and e-mail, prefilled from `fname`, `lname` and `email`. The auth
// machine signs the guest in (POST /api/login with isPublic) and the guest lands on /event. A path
// that is not an event's link goes home, like any unknown path.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useAuthActor, useAuthContext, useAuthStatus } from '../auth/useAuth.ts';
import { FormField } from '../components/FormField.tsx';
import { LabLogo } from '../components/LabLogo.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { usePublicEventInfo } from '../hooks/useEventInfo.ts';
import { translateMessage } from '../i18n/messages.ts';
import { parsePublicSlug } from '../theme/themeSources.ts';
import { describeEntryFailure } from './entryFailure.ts';
import {
  type GuestEntryInput,
  type GuestEntryValues,
  guestEntrySchema,
  prefillFromSearch,
} from './publicEntry.ts';

export function PublicEntryPage() {
  const link = parsePublicSlug(useParams().slug);
  // Keyed by slug: another event's link is a new form, not this one with stale values.
  return link === null ? <Navigate to="/" replace /> : <GuestEntry key={link.slug} slug={link.slug} />;
}

function GuestEntry({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const { t: tw } = useTranslation('waiting');
  const navigate = useNavigate();
  const actor = useAuthActor();
  const status = useAuthStatus();
  const event = usePublicEventInfo(slug);
  const error = useAuthContext((context) => (context.lastAttempt === 'guest' ? context.error : null));
  const [entering, setEntering] = useState(false);
  const { register, handleSubmit, formState } = useForm<GuestEntryInput, unknown, GuestEntryValues>({
    resolver: zodResolver(guestEntrySchema),
    defaultValues: prefillFromSearch(useLocation().search),
  });

  // An error kept from an earlier visit does not belong to this one.
  useEffect(() => {
    actor.send({ type: 'auth.dismissError' });
  }, [actor]);

  useEffect(() => {
    if (!entering) return;
    if (status === 'signedIn') navigate('/event', { replace: true });
    if (status === 'signedOut') setEntering(false);
  }, [entering, status, navigate]);

  // The link's id names another event (or none): the address is not this event's link.
  const unknown =
    event.status === 'failed'
      ? event.failure.status === 404
      : event.status === 'loaded' && event.info.slug !== slug;
  if (unknown) return <Navigate to="/" replace />;

  const onSubmit = (values: GuestEntryValues) => {
    setEntering(true);
    actor.send({ type: 'auth.login', credentials: { ...values, eventSlug: slug, isPublic: true } });
  };
  const fieldError = (message: string | undefined) =>
    message === undefined ? undefined : translateMessage(t, message);

  return (
    <section className="card form-card" aria-labelledby="entry-title" data-testid="entry-card">
      {event.status === 'loaded' && <LabLogo url={event.info.theme.logoUrl} labName={event.info.labName} />}
      <p className="eyebrow">{tw('entry.eyebrow')}</p>
      <h1 id="entry-title" data-testid="entry-event-name">
        {event.status === 'loaded' ? event.info.name : tw('entry.title')}
      </h1>
      {event.status === 'loaded' && (
        <p className="muted">{tw('entry.organisedBy', { name: event.info.labName })}</p>
      )}
      <p>{tw('entry.intro')}</p>
      <form
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        aria-describedby={error === null ? undefined : 'entry-error'}
      >
        <FormField
          id="entry-first-name"
          label={tw('entry.firstName')}
          type="text"
          autoComplete="given-name"
          registration={register('firstName')}
          testId="entry-first-name"
          error={fieldError(formState.errors.firstName?.message)}
        />
        <FormField
          id="entry-last-name"
          label={tw('entry.lastName')}
          type="text"
          autoComplete="family-name"
          registration={register('lastName')}
          testId="entry-last-name"
          error={fieldError(formState.errors.lastName?.message)}
        />
        <FormField
          id="entry-email"
          label={tw('entry.email')}
          type="email"
          autoComplete="email"
          registration={register('email')}
          testId="entry-email"
          error={fieldError(formState.errors.email?.message)}
        />
        <SubmitButton
          label={tw('entry.submit')}
          sendingLabel={tw('entry.sending')}
          sending={entering && status === 'signingIn'}
          testId="entry-submit"
        />
        {error !== null && (
          <p id="entry-error" className="form-error" role="alert" data-testid="entry-error">
            {describeEntryFailure(t, tw, error)}
          </p>
        )}
      </form>
    </section>
  );
}
