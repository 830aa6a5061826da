// The deployment days page (/admin/deployment-days; issue 28), for super-admins: the days the platform
// is updated, on which no lab may plan an event (the event form's calendar does not offer them, and the
// server refuses them). A day is blocked from a calendar, and freed from the list after the list's
// confirmation; each change shows at once and comes back with the refusal if the server says no.
import type { DeploymentScheduler } from '@lablive/domain';
import { wallClock } from '@lablive/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../components/BusyButton.tsx';
import { useToast } from '../../components/toasts/useToast.ts';
import { type Failure, toFailure } from '../../failure.ts';
import { useFormat } from '../../format/useFormat.ts';
import { describeFailure } from '../../i18n/messages.ts';
import { useLoadedQuery } from '../../queries/loaded.ts';
import { useInvalidate } from '../../queries/useInvalidate.ts';
import { NamedPage } from '../AdminPage.tsx';
import { adminApi } from '../adminApi.ts';
import { DayField } from '../events/DayField.tsx';
import { LoadedView } from '../LoadedView.tsx';
import { AdminList } from '../list/AdminList.tsx';
import { useOptimisticRows } from '../list/useOptimisticRows.ts';
import { eventKeys, useBlockedDays } from '../resources/events.ts';
import './deploymentDays.css';

const PAGE_SIZES = [20, 50];
const dayId = (day: DeploymentScheduler) => String(day.id);
const today = () => wallClock(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone).day;

export function DeploymentDaysPage() {
  const { state } = useLoadedQuery(useBlockedDays());
  return (
    <NamedPage page="deploymentDays">
      <LoadedView state={state} errorTestId="deployment-days-error">
        {(days) => <DeploymentDays loaded={days} />}
      </LoadedView>
    </NamedPage>
  );
}

function DeploymentDays({ loaded }: { loaded: readonly DeploymentScheduler[] }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const toast = useToast();
  const invalidate = useInvalidate();
  const list = useOptimisticRows<DeploymentScheduler>(loaded, dayId, () =>
    invalidate.markStale(eventKeys.blockedDays),
  );
  const now = today();
  return (
    <div className="deployment-days">
      <BlockDayPanel blocked={list.rows.map((day) => day.date)} notBefore={now} />
      <AdminList<DeploymentScheduler>
        label={t('deploymentDays.list')}
        testId="deployment-days"
        rows={list.rows}
        rowId={dayId}
        rowName={(day) => format.longCalendarDay(day.date)}
        pageSizes={PAGE_SIZES}
        empty={t('deploymentDays.none')}
        rowData={(day) => ({ 'data-blocked-day': day.date })}
        columns={[
          {
            id: 'day',
            header: t('deploymentDays.day'),
            cell: (day) => (
              <time dateTime={day.date}>
                {format.longCalendarDay(day.date)}
                {day.date < now && <span className="deployment-day-past"> · {t('deploymentDays.past')}</span>}
              </time>
            ),
          },
        ]}
        confirmMessage={(count) => t('deploymentDays.removeMessage', { count })}
        // Blocked days are the platform's planning, not a record the audit trail follows.
        removalReason="none"
        onRemove={async (ids) => {
          await list.remove(ids, () => Promise.all(ids.map((id) => adminApi.unblockDay(Number(id)))));
          toast.show({ title: t('deploymentDays.removed', { count: ids.length }), tone: 'success' });
        }}
      />
    </div>
  );
}

/** A day chosen in the calendar (days already blocked and past ones cannot be), then blocked. */
function BlockDayPanel({ blocked, notBefore }: { blocked: readonly string[]; notBefore: string }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const format = useFormat();
  const toast = useToast();
  const invalidate = useInvalidate();
  const [day, setDay] = useState('');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [missing, setMissing] = useState(false);

  async function block() {
    if (day === '') {
      setMissing(true);
      return;
    }
    setSending(true);
    setFailure(null);
    try {
      await adminApi.blockDay(day);
      invalidate.refresh(eventKeys.blockedDays);
      toast.show({
        title: t('deploymentDays.blocked', { day: format.longCalendarDay(day) }),
        tone: 'success',
      });
      setDay('');
    } catch (error) {
      setFailure(toFailure(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <section className="admin-panel deployment-days-add" aria-labelledby="deployment-days-add">
      <h2 id="deployment-days-add">{t('deploymentDays.add')}</h2>
      <div className="deployment-days-add-row">
        <DayField
          id="deployment-day"
          label={t('deploymentDays.day')}
          value={day}
          onChange={(chosen) => {
            setDay(chosen);
            setMissing(false);
          }}
          blockedDays={blocked}
          notBefore={notBefore}
          error={missing ? t('deploymentDays.chooseFirst') : undefined}
          testId="deployment-day"
        />
        <BusyButton
          type="button"
          className="button button-primary"
          label={t('deploymentDays.block')}
          busyLabel={t('deploymentDays.blocking')}
          busy={sending}
          testId="deployment-day-block"
          onClick={() => void block()}
        />
      </div>
      {failure !== null && (
        <p className="field-error" role="alert" data-testid="deployment-day-error">
          {describeFailure(tc, failure)}
        </p>
      )}
    </section>
  );
}
