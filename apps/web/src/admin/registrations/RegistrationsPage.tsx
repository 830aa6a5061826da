// An event's registration in the back office (/admin/events/:id/registrations, issue 33, part 5): the
// funnel (registered → invited → attended), the settings and form, and the registrations in the back
// office's one list (status, name and address, answers, consents, time), each pending one approved or
// refused (the reason optional, mailed), any in force removed (its place goes to the waiting list);
// exported as CSV in the page's language.
import type { RegistrationSettingsView, RegistrationView } from '@lablive/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router-dom';
import { BusyButton } from '../../components/BusyButton.tsx';
import { saveBlob } from '../../components/saveBlob.ts';
import { useToast } from '../../components/toasts/useToast.ts';
import { toFailure } from '../../failure.ts';
import { describeFailure } from '../../i18n/messages.ts';
import { useLocale } from '../../i18n/useLocale.ts';
import { useLoadedQuery } from '../../queries/loaded.ts';
import { useInvalidate } from '../../queries/useInvalidate.ts';
import { AdminPage } from '../AdminPage.tsx';
import { LoadedView } from '../LoadedView.tsx';
import { AdminList, type ListColumn } from '../list/AdminList.tsx';
import {
  registrationKeys,
  registrationsAdminApi,
  useRegistrationSettings,
  useRegistrations,
} from '../resources/registrations.ts';
import { recordIdOf } from '../routeIds.ts';
import { RegistrationFunnel } from './RegistrationFunnel.tsx';
import { RegistrationSettingsForm } from './RegistrationSettingsForm.tsx';
import './registrations.css';

const PAGE_SIZES = [10, 25, 50] as const;

export function RegistrationsPage() {
  const { t } = useTranslation();
  const eventId = recordIdOf(useParams().id);
  if (eventId === null) return <Navigate to="/admin/events" replace />;
  return (
    <AdminPage
      titleId="registrations-title"
      title={t('registration.admin.title')}
      testId="registrations-page"
      actions={
        <Link className="button" to={`/admin/events/${eventId}/participants`}>
          {t('registration.admin.back')}
        </Link>
      }
    >
      <RegistrationFunnel eventId={eventId} />
      <Settings eventId={eventId} />
      <Registrations eventId={eventId} />
    </AdminPage>
  );
}

function Settings({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const { state } = useLoadedQuery(useRegistrationSettings(eventId));
  return (
    <section aria-labelledby="registration-settings-title">
      <h2 id="registration-settings-title">{t('registration.admin.settings')}</h2>
      <LoadedView state={state} errorTestId="registration-settings-load-error">
        {(stored: RegistrationSettingsView) => <RegistrationSettingsForm eventId={eventId} stored={stored} />}
      </LoadedView>
    </section>
  );
}

function Registrations({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const toast = useToast();
  const { state } = useLoadedQuery(useRegistrations(eventId));
  const [downloading, setDownloading] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      saveBlob(await registrationsAdminApi.csv(eventId, locale), `registrations-${eventId}.csv`);
    } catch (error) {
      toast.show({ title: describeFailure(t, toFailure(error)), tone: 'error' });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <section aria-labelledby="registration-list-title">
      <h2 id="registration-list-title">{t('registration.admin.list')}</h2>
      <BusyButton
        className="button"
        label={t('registration.admin.csv')}
        busyLabel={t('registration.admin.csv')}
        busy={downloading}
        testId="registrations-csv"
        onClick={() => void download()}
      />
      <LoadedView state={state} errorTestId="registrations-error">
        {(rows) => <RegistrationList eventId={eventId} rows={rows} />}
      </LoadedView>
    </section>
  );
}

const nameOf = (row: RegistrationView) => `${row.first_name} ${row.last_name}`.trim() || row.email;
const IN_FORCE = new Set(['pending', 'registered', 'waitlisted']);

function RegistrationList({ eventId, rows }: { eventId: number; rows: readonly RegistrationView[] }) {
  const { t } = useTranslation();
  const { t: tw } = useTranslation('waiting');
  const locale = useLocale();
  const toast = useToast();
  const invalidate = useInvalidate();
  const [refusing, setRefusing] = useState<RegistrationView | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  // The reader's clock, the zone named (dateStyle cannot be given with timeZoneName).
  const at = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  });

  async function act(row: RegistrationView, run: () => Promise<unknown>) {
    setBusy(row.id);
    try {
      await run();
      invalidate.afterSave(registrationKeys.all);
    } catch (error) {
      toast.show({ title: describeFailure(t, toFailure(error)), tone: 'error' });
    } finally {
      setBusy(null);
    }
  }

  const columns: ListColumn<RegistrationView>[] = [
    { id: 'name', header: t('registration.admin.columns.name'), cell: nameOf },
    { id: 'email', header: t('registration.admin.columns.email'), cell: (row) => row.email },
    {
      id: 'status',
      header: t('registration.admin.columns.status'),
      cell: (row) => (
        <span
          className={`registration-status registration-status-${row.status}`}
          data-testid="registration-status"
        >
          {t(`registration.admin.statuses.${row.status}`)}
        </span>
      ),
    },
    {
      id: 'answers',
      header: t('registration.admin.columns.answers'),
      cell: (row) =>
        Object.entries(row.answers)
          .map(
            ([key, value]) =>
              `${key}: ${typeof value === 'boolean' ? (value ? t('registration.yes') : '—') : value}`,
          )
          .join(', '),
    },
    {
      id: 'consents',
      header: t('registration.admin.columns.consents'),
      cell: (row) =>
        row.consents
          .map((consent) => `${tw(`consents.kinds.${consent.kind}`)} (v${consent.version})`)
          .join(', '),
    },
    {
      id: 'time',
      header: t('registration.admin.columns.time'),
      narrow: true,
      cell: (row) => at.format(new Date(row.created_at)),
    },
  ];

  return (
    <>
      <AdminList<RegistrationView>
        label={t('registration.admin.list')}
        testId="registrations"
        rows={rows}
        rowId={(row) => String(row.id)}
        rowName={nameOf}
        pageSizes={PAGE_SIZES}
        empty={t('registration.admin.empty')}
        columns={columns}
        rowData={(row) => ({ 'data-email': row.email, 'data-status': row.status })}
        rowActions={(row) => (
          <span className="registration-actions">
            {row.status === 'pending' && (
              <>
                <button
                  type="button"
                  className="button button-primary button-small"
                  disabled={busy === row.id}
                  aria-label={`${t('registration.admin.approve')} ${nameOf(row)}`}
                  data-testid="registration-approve"
                  onClick={() =>
                    void act(row, () => registrationsAdminApi.decide(eventId, row.id, { approve: true }))
                  }
                >
                  {t('registration.admin.approve')}
                </button>
                <button
                  type="button"
                  className="button button-small"
                  aria-label={`${t('registration.admin.refuse')} ${nameOf(row)}`}
                  data-testid="registration-refuse"
                  onClick={() => setRefusing(row)}
                >
                  {t('registration.admin.refuse')}
                </button>
              </>
            )}
            {IN_FORCE.has(row.status) && (
              <button
                type="button"
                className="button button-small"
                disabled={busy === row.id}
                aria-label={`${t('registration.admin.remove')} ${nameOf(row)}`}
                data-testid="registration-remove"
                onClick={() => void act(row, () => registrationsAdminApi.remove(eventId, row.id))}
              >
                {t('registration.admin.remove')}
              </button>
            )}
          </span>
        )}
      />
      {refusing !== null && (
        <RefusalForm
          name={nameOf(refusing)}
          onRefuse={(reason) => {
            const row = refusing;
            setRefusing(null);
            void act(row, () =>
              registrationsAdminApi.decide(eventId, row.id, {
                approve: false,
                ...(reason ? { reason } : {}),
              }),
            );
          }}
        />
      )}
    </>
  );
}

/** A refusal's optional reason, mailed to the guest with it. */
function RefusalForm({ name, onRefuse }: { name: string; onRefuse: (reason: string) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  return (
    <form
      className="admin-form registration-refusal"
      data-testid="registration-refusal"
      onSubmit={(event) => {
        event.preventDefault();
        onRefuse(reason.trim());
      }}
    >
      <p>
        <strong>{name}</strong>
      </p>
      <label htmlFor="registration-refusal-reason">{t('registration.admin.refuseReason')}</label>
      <textarea
        id="registration-refusal-reason"
        rows={3}
        maxLength={1000}
        value={reason}
        data-testid="registration-refusal-reason"
        onChange={(event) => setReason(event.target.value)}
      />
      <button type="submit" className="button button-primary" data-testid="registration-refusal-confirm">
        {t('registration.admin.confirmRefuse')}
      </button>
    </form>
  );
}
