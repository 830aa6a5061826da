// The public event link (`/{slug}`, live-room spec, sections 2 and 5): the event in its lab's look and
// a form for first name, last name and e-mail, prefilled from `fname`, `lname` and `email`, with the
// lab's consents to tick (issue 33: the required ones before entering, optional ones unticked). The auth
// machine signs the guest in (POST /api/login with isPublic) and the guest lands on /event. A path
// that is not an event's link goes home, like any unknown path.
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useAuthActor, useAuthContext, useAuthStatus } from '../auth/useAuth.ts';
import { FormCard } from '../components/FormCard.tsx';
import { BoundFields, type FieldRow } from '../components/FormField.tsx';
import { LabBanner } from '../components/LabBanner.tsx';
import { LabLogo } from '../components/LabLogo.tsx';
import { SendingForm } from '../components/SendingForm.tsx';
import { ConsentChecklist, untickedRequired } from '../consents/ConsentChecklist.tsx';
import { usePublicConsents } from '../consents/useConsents.ts';
import { usePublicEventInfo } from '../hooks/useEventInfo.ts';
import { useLocale } from '../i18n/useLocale.ts';
import { RegistrationEntry } from '../registration/RegistrationEntry.tsx';
import { usePublicRegistration } from '../registration/usePublicRegistration.ts';
import { parsePublicSlug } from '../theme/themeSources.ts';
import { describeEntryFailure } from './entryFailure.ts';
import {
  type GuestEntryInput,
  type GuestEntryValues,
  guestEntrySchema,
  prefillFromSearch,
} from './publicEntry.ts';

const GUEST_FIELDS = [
  { name: 'firstName', id: 'entry-first-name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', id: 'entry-last-name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', id: 'entry-email', type: 'email', autoComplete: 'email' },
] as const satisfies readonly FieldRow<keyof GuestEntryInput>[];

export function PublicEntryPage() {
  const link = parsePublicSlug(useParams().slug);
  // Keyed by slug: another event's link is a new form, not this one with stale values.
  return link === null ? <Navigate to="/" replace /> : <GuestEntry key={link.slug} slug={link.slug} />;
}

function GuestEntry({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const { t: tw } = useTranslation('waiting');
  const locale = useLocale();
  const navigate = useNavigate();
  const actor = useAuthActor();
  const status = useAuthStatus();
  const event = usePublicEventInfo(slug);
  const error = useAuthContext((context) => (context.lastAttempt === 'guest' ? context.error : null));
  const [entering, setEntering] = useState(false);
  const consents = usePublicConsents(slug).state;
  // An event that takes registrations (issue 33) shows its registration form instead of this one.
  const registration = usePublicRegistration(slug);
  const asked = consents.status === 'loaded' ? consents.value : [];
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const [consentProblem, setConsentProblem] = useState<string | null>(null);
  const form = useForm<GuestEntryInput, unknown, GuestEntryValues>({
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
    // The server refuses the same; saying it here keeps the form as it was typed.
    if (untickedRequired(asked, ticked).length > 0) {
      setConsentProblem(tw('consents.tickRequired'));
      return;
    }
    setConsentProblem(null);
    setEntering(true);
    // The page's language and the browser's clock: the guest's mails are written in and to them.
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    actor.send({
      type: 'auth.login',
      credentials: {
        ...values,
        eventSlug: slug,
        isPublic: true,
        locale,
        ...(timeZone ? { timeZone } : {}),
        consentVersionIds: [...ticked],
      },
    });
  };
  const loaded = event.status === 'loaded' ? event.info : null;
  const header = (
    <>
      {loaded !== null && <LabBanner url={loaded.theme.headerImageUrl} testId="entry-header-image" />}
      {loaded !== null && <LabLogo url={loaded.theme.logoUrl} labName={loaded.labName} />}
      <p className="eyebrow">{tw('entry.eyebrow')}</p>
    </>
  );

  const about =
    loaded === null ? null : <p className="muted">{tw('entry.organisedBy', { name: loaded.labName })}</p>;
  if (registration?.enabled && loaded !== null) {
    return (
      <RegistrationEntry
        slug={slug}
        form={registration}
        consents={asked}
        title={loaded.name}
        header={header}
        about={about}
      />
    );
  }

  return (
    <FormCard
      titleId="entry-title"
      title={loaded === null ? tw('entry.title') : loaded.name}
      testId="entry-card"
      titleTestId="entry-event-name"
      header={header}
    >
      {loaded !== null && <p className="muted">{tw('entry.organisedBy', { name: loaded.labName })}</p>}
      <p>{tw('entry.intro')}</p>
      <SendingForm
        onSend={form.handleSubmit(onSubmit)}
        submitLabel={tw('entry.submit')}
        sendingLabel={tw('entry.sending')}
        sending={entering && status === 'signingIn'}
        testId="entry-submit"
        failure={error === null ? null : describeEntryFailure(t, tw, error)}
        failureTestId="entry-error"
        failureId="entry-error"
      >
        <BoundFields form={form} fields={GUEST_FIELDS} label={(name) => tw(`entry.${name}`)} />
        <ConsentChecklist
          consents={asked}
          ticked={ticked}
          problem={consentProblem}
          disabled={entering && status === 'signingIn'}
          onChange={(versionId, on) => {
            const next = new Set(ticked);
            if (on) next.add(versionId);
            else next.delete(versionId);
            setTicked(next);
          }}
        />
      </SendingForm>
    </FormCard>
  );
}
