// The platform's labs (/admin/labs; issue 28, part 1), for super-admins: each lab with its logo, name
// and address name, modules and active users, what it consumed of its plan (minutes and percentage, with
// a bar), and its state (active, or suspended since a day); edited on its form, suspended after a
// confirmation that says its sessions end and nobody of it signs in any more, and resumed. A change
// shows at once and comes back with a toast when refused.
import { LAB_PAGE_SIZES, type ManagedLab } from '@lablive/domain';
import { Progress } from 'radix-ui';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '../../auth/useAuth.ts';
import { useToast } from '../../components/toasts/useToast.ts';
import { formatList } from '../../format/list.ts';
import { useFormat } from '../../format/useFormat.ts';
import { useLoadedQuery } from '../../queries/loaded.ts';
import { useInvalidate } from '../../queries/useInvalidate.ts';
import { labsApi } from '../adminApi.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { ListPage } from '../ListPage.tsx';
import { AdminList } from '../list/AdminList.tsx';
import { type OptimisticRows, useOptimisticRows } from '../list/useOptimisticRows.ts';
import { labKeys, useLabs } from '../resources/labs.ts';
import '../shareBar.css';
import { labRefusalInReadersLanguage } from './labFormValues.ts';
import './labs.css';

export function LabsPage() {
  const { t } = useTranslation('admin');
  const { state } = useLoadedQuery(useLabs());
  return (
    <ListPage
      titleId="labs-title"
      title={t('labs.title')}
      add={{ to: '/admin/labs/create', label: t('labs.add'), testId: 'add-lab' }}
      intro={t('labs.intro')}
      state={state}
      errorTestId="labs-error"
    >
      {(labs) => (
        <div className="labs-list actions-end-on-phone">
          <Labs loaded={labs} />
        </div>
      )}
    </ListPage>
  );
}

const labId = (lab: ManagedLab) => String(lab.id);

function Labs({ loaded }: { loaded: readonly ManagedLab[] }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const invalidate = useInvalidate();
  const ownLabId = useCurrentUser()?.lab.id;
  const list = useOptimisticRows<ManagedLab>(loaded, labId, () => invalidate.markStale(labKeys.all));
  return (
    <AdminList<ManagedLab>
      label={t('labs.list')}
      testId="labs"
      rows={list.rows}
      rowId={labId}
      rowName={(lab) => lab.name}
      pageSizes={LAB_PAGE_SIZES}
      empty={t('labs.none')}
      rowData={(lab) => ({
        'data-lab-id': labId(lab),
        'data-state': lab.suspended_at ? 'suspended' : 'active',
      })}
      columns={[
        {
          id: 'name',
          header: t('labs.name'),
          cell: (lab) => <LabName lab={lab} own={lab.id === ownLabId} />,
        },
        {
          id: 'modules',
          header: t('labs.modules'),
          cell: (lab) =>
            lab.modules.length === 0 ? (
              <span className="muted">{t('labs.noModules')}</span>
            ) : (
              <span className="lab-modules">
                {formatList(
                  lab.modules.map((module) => t(`profile.moduleNames.${module}`)),
                  format.language,
                )}
              </span>
            ),
        },
        {
          id: 'users',
          header: t('labs.users'),
          cell: (lab) => <span className="lab-figure">{format.count(lab.users)}</span>,
        },
        { id: 'usage', header: t('labs.usage'), cell: (lab) => <PlanUsage lab={lab} /> },
        { id: 'state', header: t('labs.state'), narrow: true, cell: (lab) => <LabState lab={lab} /> },
      ]}
      rowActions={(lab) => (
        <span className="lab-actions">
          <Link
            to={`/admin/labs/${lab.id}`}
            className="button button-secondary button-small"
            aria-label={t('labs.editNamed', { name: lab.name })}
            data-testid="lab-edit"
          >
            {t('labs.edit')}
          </Link>
          {/* Nobody suspends their own lab: they would lock themselves out. */}
          {lab.id !== ownLabId && <SuspensionAction lab={lab} list={list} />}
        </span>
      )}
    />
  );
}

/** Active, or suspended with the day it was. */
function LabState({ lab }: { lab: ManagedLab }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  if (lab.suspended_at === null) {
    return (
      <span className="lab-state lab-state-active" data-testid="lab-state">
        {t('labs.active')}
      </span>
    );
  }
  return (
    <span className="lab-state-suspended-cell" data-testid="lab-state">
      <span className="lab-state lab-state-suspended">{t('labs.suspendedState')}</span>{' '}
      <span className="muted lab-state-since">
        {t('labs.suspendedSince', { date: format.day(lab.suspended_at) })}
      </span>
    </span>
  );
}

function LabName({ lab, own }: { lab: ManagedLab; own: boolean }) {
  const { t } = useTranslation('admin');
  return (
    <span className="lab-name">
      {lab.logo_url === null ? (
        <span className="lab-logo lab-logo-empty" aria-hidden="true">
          {lab.name.slice(0, 1).toUpperCase()}
        </span>
      ) : (
        <img
          className="lab-logo"
          src={lab.logo_url}
          alt={t('labs.logoOf', { name: lab.name })}
          loading="lazy"
          data-testid="lab-logo"
        />
      )}
      <span className="lab-name-text">
        <strong data-testid="lab-name">{lab.name}</strong>
        <span className="visually-hidden">{t('labs.slugOf', { slug: lab.slug })}</span>
        <code className="lab-slug" aria-hidden="true">
          {lab.slug}
        </code>
        {own && <span className="muted lab-own">{t('labs.ownLab')}</span>}
      </span>
    </span>
  );
}

/** Consumed of the plan: "1,234 mins of 12,000 mins", a bar and the percentage. */
function PlanUsage({ lab }: { lab: ManagedLab }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const labelId = useId();
  const { usage } = lab;
  if (usage.plan_minutes === 0) {
    return (
      <span className="lab-usage">
        <span>{format.minutes(usage.consumed_minutes)}</span>
        <span className="muted">{t('labs.noPlan')}</span>
      </span>
    );
  }
  const figures = t('labs.usageValue', {
    consumed: format.minutes(usage.consumed_minutes),
    plan: format.minutes(usage.plan_minutes),
  });
  const percent = format.percent(usage.consumed_percent);
  // Past the plan the bar is full; the percentage says by how much.
  const shown = Math.min(100, Math.max(0, usage.consumed_percent));
  return (
    <span className="lab-usage" data-testid="lab-usage">
      <span id={labelId} className="visually-hidden">
        {t('labs.usageOf', { name: lab.name })}
      </span>
      <span className="lab-usage-line">
        <span>{figures}</span>
        <strong className={usage.consumed_percent >= 100 ? 'lab-usage-over' : undefined}>{percent}</strong>
      </span>
      <Progress.Root
        className="lab-usage-bar"
        value={shown}
        max={100}
        aria-labelledby={labelId}
        aria-valuetext={`${figures}, ${percent}`}
      >
        <Progress.Indicator className="lab-usage-fill" style={{ width: `${shown}%` }} />
      </Progress.Root>
    </span>
  );
}

/**
 * Suspend (confirmed: its sessions end, nobody of it signs in) or resume a lab. One button that changes
 * with the lab's state, so the focus comes back to it once the confirmation closes.
 */
function SuspensionAction({ lab, list }: { lab: ManagedLab; list: OptimisticRows<ManagedLab> }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const suspended = lab.suspended_at !== null;
  // Suspending asks why (the audit trail keeps it); resuming gives the lab back what it had.
  const change = (suspend: boolean, reason?: string) =>
    list.change(labId(lab), { suspended_at: suspend ? new Date().toISOString() : null }, async () => {
      try {
        const saved = suspend ? await labsApi.suspend(lab.id, { reason }) : await labsApi.resume(lab.id);
        toast.show({
          title: t(suspend ? 'labs.suspended' : 'labs.resumed', { name: lab.name }),
          tone: 'success',
        });
        return saved;
      } catch (error) {
        throw labRefusalInReadersLanguage(t, error);
      }
    });
  return (
    <>
      <button
        ref={button}
        type="button"
        className="button button-secondary button-small"
        aria-label={t(suspended ? 'labs.resumeNamed' : 'labs.suspendNamed', { name: lab.name })}
        data-testid={suspended ? 'lab-resume' : 'lab-suspend'}
        onClick={() => (suspended ? void change(false) : setConfirming(true))}
      >
        {t(suspended ? 'labs.resume' : 'labs.suspend')}
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('labs.suspendTitle', { name: lab.name })}
        message={t('labs.suspendMessage', { name: lab.name })}
        confirmLabel={t('labs.suspendConfirm')}
        askReason
        onConfirm={(reason) => change(true, reason)}
        testId="lab-suspend-dialog"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          button.current?.focus();
        }}
      />
    </>
  );
}
