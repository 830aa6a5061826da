// The users page (/admin/users/list; back-office spec 2.8): the 'Users Management' tab beside 'Group
// Management', the lab's users 10, 20, 50, 100 or 1000 a page (name, e-mail, role, groups, job, active),
// removed one by one or checked and removed together with the spec's confirmations, and the inline
// panel that adds a user (who receives a mail to set their password) or edits one, with the spec's
// notices. A user who owns events is deactivated rather than deleted, and the notice says so; the
// deactivated ones are listed on demand.
import {
  type ManagedUser,
  type RoleView,
  USER_PAGE_SIZES,
  type UserForm,
  type UserGroup,
  type UsersRemoval,
} from '@lablive/domain';
import type { TFunction } from 'i18next';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../auth/useAuth.ts';
import { useToast } from '../../components/toasts/useToast.ts';
import { useLoadedQueries } from '../../queries/loaded.ts';
import { useInvalidate } from '../../queries/useInvalidate.ts';
import { usersApi } from '../adminApi.ts';
import { UserManagementTabs } from '../groups/UserManagementTabs.tsx';
import { LoadedView } from '../LoadedView.tsx';
import { AdminList, type ListColumn } from '../list/AdminList.tsx';
import { useOptimisticRows } from '../list/useOptimisticRows.ts';
import { groupKeys } from '../resources/groups.ts';
import { useRoles, userKeys, useUserGroups, useUsers } from '../resources/users.ts';
import { UserPanel } from './UserPanel.tsx';
import { creation, inReadersLanguage, shownRole } from './userFormValues.ts';
import './users.css';

type Loaded = { users: ManagedUser[]; roles: RoleView[]; groups: UserGroup[] };

export function UsersPage() {
  const { t } = useTranslation('admin');
  const labId = useCurrentUser()?.lab.id ?? 0;
  const titleId = useId();
  const [showDeactivated, setShowDeactivated] = useState(false);
  const { state } = useLoadedQueries({
    users: useUsers(labId, showDeactivated),
    roles: useRoles(),
    groups: useUserGroups(),
  });
  const invalidate = useInvalidate();
  const reload = () => invalidate.refresh(userKeys.all);
  return (
    <section className="admin-page" aria-labelledby={titleId}>
      <UserManagementTabs titleId={titleId} />
      <p className="muted">{t('users.intro')}</p>
      <LoadedView state={state} errorTestId="users-error">
        {(loaded) => (
          <Users
            loaded={loaded}
            showDeactivated={showDeactivated}
            onShowDeactivated={setShowDeactivated}
            reload={reload}
          />
        )}
      </LoadedView>
    </section>
  );
}

const userId = (user: ManagedUser) => String(user.id);
/** The address with a line break allowed after its @, where it reads best split. */
function breakableEmail(email: string): ReactNode {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

const nameOf = (user: ManagedUser) => `${user.first_name} ${user.last_name}`.trim() || user.email;

type Panel = { mode: 'create' } | { mode: 'edit'; user: ManagedUser } | null;

function Users(props: {
  loaded: Loaded;
  showDeactivated: boolean;
  onShowDeactivated: (show: boolean) => void;
  reload: () => void;
}) {
  const { loaded, showDeactivated } = props;
  const { t } = useTranslation('admin');
  const toast = useToast();
  const me = useCurrentUser();
  const invalidate = useInvalidate();
  // A group's users show on the groups page: it loads them again too.
  const list = useOptimisticRows<ManagedUser>(loaded.users, userId, () => {
    invalidate.markStale(userKeys.all);
    invalidate.markStale(groupKeys.all);
  });
  const [panel, setPanel] = useState<Panel>(null);
  const panelAnchor = useRef<HTMLDivElement>(null);

  function open(next: Panel) {
    setPanel(next);
    // The panel opens above the list: bring it into view from a row far down.
    requestAnimationFrame(() => panelAnchor.current?.scrollIntoView({ block: 'nearest' }));
  }

  async function save(form: UserForm, reason: string | undefined) {
    if (panel?.mode === 'edit') {
      const saved = await usersApi.editUser(panel.user.id, form, { reason });
      await list.change(userId(saved), saved, async () => saved);
      toast.show({
        title: t('users.edited'),
        // A new address is theirs once they follow the link mailed to it.
        ...(saved.pending_email !== null && saved.pending_email !== panel.user.pending_email
          ? { description: t('users.emailPending', { email: saved.pending_email }) }
          : {}),
        tone: 'success',
        testId: 'user-edited',
      });
      if (!saved.active && !showDeactivated) props.reload();
    } else {
      const created = await usersApi.createUser(creation(form));
      await list.add([], async () => [created]);
      toast.show({
        title: t('users.created'),
        description: t('users.createdMail', { email: created.email }),
        tone: 'success',
        testId: 'user-created',
      });
    }
    setPanel(null);
  }

  function announce(result: Pick<UsersRemoval, 'deleted' | 'deactivated'>) {
    if (result.deleted.length > 0) {
      toast.show({ title: t('users.deleted', { count: result.deleted.length }), tone: 'success' });
    }
    if (result.deactivated.length > 0) {
      toast.show({
        title: t('users.deactivated', { count: result.deactivated.length }),
        tone: 'info',
        testId: 'users-deactivated',
      });
    }
  }

  return (
    <div className="users-list">
      <div className="users-toolbar">
        <label className="checkbox-field">
          <input
            type="checkbox"
            checked={showDeactivated}
            data-testid="users-show-deactivated"
            onChange={(event) => props.onShowDeactivated(event.target.checked)}
          />
          {t('users.showDeactivated')}
        </label>
        <button
          type="button"
          className="button button-primary"
          data-testid="add-user"
          aria-expanded={panel?.mode === 'create'}
          onClick={() => open({ mode: 'create' })}
        >
          {t('users.add')}
        </button>
      </div>
      {showDeactivated && <p className="muted">{t('users.deactivatedHint')}</p>}
      <div ref={panelAnchor}>
        {panel !== null && (
          <UserPanel
            key={panel.mode === 'edit' ? panel.user.id : 'create'}
            user={panel.mode === 'edit' ? panel.user : null}
            roles={loaded.roles}
            groups={loaded.groups}
            onSave={save}
            onClose={() => setPanel(null)}
          />
        )}
      </div>
      <AdminList<ManagedUser>
        label={t('users.list')}
        testId="users"
        rows={list.rows}
        rowId={userId}
        rowName={nameOf}
        pageSizes={USER_PAGE_SIZES}
        empty={t('users.none')}
        columns={userColumns(t, me?.id ?? null)}
        rowActions={(user) => (
          <button
            type="button"
            className="button button-secondary button-small"
            aria-label={t('users.editNamed', { name: nameOf(user) })}
            aria-expanded={panel?.mode === 'edit' && panel.user.id === user.id}
            data-testid="user-edit"
            onClick={() => open({ mode: 'edit', user })}
          >
            {t('users.edit')}
          </button>
        )}
        onRemove={async (ids, reason) => {
          const [only] = ids;
          let result: Pick<UsersRemoval, 'deleted' | 'deactivated'> = { deleted: [], deactivated: [] };
          try {
            await list.remove(ids, async () => {
              if (ids.length === 1 && only !== undefined) {
                const one = await usersApi.removeUser(Number(only), { reason });
                result =
                  one.outcome === 'deleted'
                    ? { deleted: [one.id], deactivated: [] }
                    : { deleted: [], deactivated: [one.id] };
              } else {
                result = await usersApi.removeUsers(ids.map(Number), { reason });
              }
            });
          } catch (error) {
            throw inReadersLanguage(t, error);
          }
          if (panel?.mode === 'edit' && ids.includes(String(panel.user.id))) setPanel(null);
          announce(result);
          if (showDeactivated && result.deactivated.length > 0) props.reload();
        }}
      />
    </div>
  );
}

/** The users list's columns: name (you marked), e-mail, role, groups, job, active. */
function userColumns(t: TFunction<'admin'>, myId: number | null): ListColumn<ManagedUser>[] {
  return [
    {
      id: 'name',
      header: t('users.name'),
      cell: (user) => (
        <span className="user-name">
          {nameOf(user)}
          {user.id === myId && <span className="muted"> ({t('users.you')})</span>}
        </span>
      ),
    },
    {
      id: 'email',
      header: t('users.email'),
      cell: (user) => <span className="user-email">{breakableEmail(user.email)}</span>,
    },
    {
      id: 'role',
      header: t('users.roles'),
      narrow: true,
      cell: (user) => t(`profile.roles.${shownRole(user.roles.map((role) => role.name))}` as 'profile.title'),
    },
    {
      id: 'groups',
      header: t('users.groups'),
      cell: (user) =>
        user.groups.length === 0 ? (
          <span className="muted">—</span>
        ) : (
          <ul className="user-group-list">
            {user.groups.map((group) => (
              <li key={group.id} className="user-group">
                <span className="group-dot" style={{ background: group.color }} aria-hidden="true" />
                {group.name}
              </li>
            ))}
          </ul>
        ),
    },
    {
      id: 'job',
      header: t('users.job'),
      cell: (user) => user.job ?? <span className="muted">—</span>,
    },
    {
      id: 'active',
      header: t('users.active'),
      narrow: true,
      cell: (user) => (
        <span className={user.active ? undefined : 'user-inactive'}>
          {user.active ? t('users.yes') : t('users.no')}
        </span>
      ),
    },
  ];
}
