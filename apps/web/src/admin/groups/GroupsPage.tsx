// Group Management (/admin/users/groups; back-office spec 2.8, 4, 8 and 9): the lab's groups, 10, 20,
// 50, 100 or 1000 a page, each with its colour, its picture, its name (edited in place: Enter or leaving
// the field saves it, shown at once, put back with a visible error when refused) and its member badge
// (capped at +99); removed one by one or checked and removed together, with the spec's confirmation.
// 'Add group' and each row's Edit open the panel above the list (GroupPanel.tsx).
import {
  GROUP_PAGE_SIZES,
  type Group,
  type GroupChoices,
  groupNameSchema,
  memberBadge,
} from '@lablive/domain';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toasts/useToast.ts';
import { useLoadedQueries } from '../../queries/loaded.ts';
import { useInvalidate } from '../../queries/useInvalidate.ts';
import { groupsApi } from '../adminApi.ts';
import { LoadedView } from '../LoadedView.tsx';
import { AdminList } from '../list/AdminList.tsx';
import { inlineTextColumn } from '../list/inlineTextColumn.tsx';
import { removeOneOrMany } from '../list/removeOneOrMany.ts';
import { useOptimisticRows } from '../list/useOptimisticRows.ts';
import { useSchemaProblem } from '../list/useSchemaProblem.ts';
import { groupKeys, useGroupChoices, useGroups } from '../resources/groups.ts';
import { userKeys } from '../resources/users.ts';
import { GroupBadge } from './GroupBadge.tsx';
import { GroupPanel } from './GroupPanel.tsx';
import { UserManagementTabs } from './UserManagementTabs.tsx';
import './groups.css';

export function GroupsPage() {
  const { t } = useTranslation('admin');
  const { state } = useLoadedQueries({ groups: useGroups(), choices: useGroupChoices() });
  return (
    <section className="admin-page" aria-labelledby="groups-title">
      <UserManagementTabs titleId="groups-title" />
      <p className="muted groups-intro">{t('groups.intro')}</p>
      <LoadedView state={state} errorTestId="groups-error">
        {({ groups, choices }) => <Groups loaded={groups} choices={choices} />}
      </LoadedView>
    </section>
  );
}

const groupId = (group: Group) => String(group.id);

type Panel = { key: number; group: Group | null };

function Groups({ loaded, choices }: { loaded: readonly Group[]; choices: GroupChoices }) {
  const { t: ta } = useTranslation('admin');
  const toast = useToast();
  const invalidate = useInvalidate();
  // A user's groups show on the users page: it loads them again too.
  const list = useOptimisticRows<Group>(loaded, groupId, () => {
    invalidate.markStale(groupKeys.all);
    invalidate.markStale(userKeys.all);
  });
  const [panel, setPanel] = useState<Panel | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const nameProblem = useSchemaProblem(groupNameSchema);

  function open(group: Group | null, from: HTMLElement) {
    opener.current = from;
    setPanel((current) => ({ key: (current?.key ?? 0) + 1, group }));
  }

  function close() {
    setPanel(null);
    // Back to the button that opened the panel, when it is still there.
    const back = opener.current;
    opener.current = null;
    requestAnimationFrame(() => {
      if (back?.isConnected) back.focus();
    });
  }

  /** The panel saved `group`: shown in the list, and said with the spec's notice unless `quiet`. */
  async function saved(group: Group, how: 'created' | 'edited' | 'quiet') {
    const listed = list.rows.some((row) => row.id === group.id);
    if (listed) await list.change(groupId(group), group, async () => group);
    else await list.add([], async () => [group]);
    if (how === 'quiet') return;
    toast.show({
      title: ta(how === 'created' ? 'groups.created' : 'groups.updated'),
      tone: 'success',
      testId: 'group-saved',
    });
  }

  return (
    <div className="groups">
      <div className="groups-toolbar">
        <button
          type="button"
          className="button button-primary"
          data-testid="add-group"
          aria-expanded={panel !== null && panel.group === null}
          onClick={(event) => open(null, event.currentTarget)}
        >
          {ta('groups.add')}
        </button>
      </div>
      {panel !== null && (
        <GroupPanel key={panel.key} group={panel.group} choices={choices} onSaved={saved} onClose={close} />
      )}
      <div className="groups-list">
        <AdminList<Group>
          label={ta('groups.list')}
          testId="groups"
          rows={list.rows}
          rowId={groupId}
          rowName={(group) => group.name}
          pageSizes={GROUP_PAGE_SIZES}
          empty={ta('groups.none')}
          confirmMessage={(count) => ta('groups.confirmRemove', { count })}
          columns={[
            {
              id: 'color',
              header: ta('groups.color'),
              narrow: true,
              cell: (group) => (
                <span className="group-color">
                  <span className="group-swatch" style={{ background: group.color }} aria-hidden="true" />
                  <span className="group-color-code">{group.color}</span>
                </span>
              ),
            },
            {
              id: 'picture',
              header: ta('groups.picture'),
              narrow: true,
              cell: (group) => <GroupBadge group={group} />,
            },
            inlineTextColumn({
              id: 'name',
              header: ta('groups.name'),
              testId: 'group-name',
              value: (group) => group.name,
              label: (group) => ta('groups.nameOf', { name: group.name }),
              validate: nameProblem,
              commit: (group, name) =>
                void list.change(groupId(group), { name }, () => groupsApi.editGroup(group.id, { name })),
            }),
            {
              id: 'members',
              header: ta('groups.members'),
              narrow: true,
              cell: (group) => (
                <span
                  className="member-badge"
                  title={ta('groups.memberCount', { count: group.member_count })}
                  data-testid="group-members"
                >
                  <span aria-hidden="true">{memberBadge(group.member_count)}</span>
                  <span className="visually-hidden">
                    {ta('groups.memberCount', { count: group.member_count })}
                  </span>
                </span>
              ),
            },
          ]}
          rowActions={(group) => (
            <button
              type="button"
              className="button button-secondary button-small"
              aria-label={ta('groups.editNamed', { name: group.name })}
              aria-expanded={panel?.group?.id === group.id}
              data-testid="group-edit"
              onClick={(event) => open(group, event.currentTarget)}
            >
              {ta('groups.edit')}
            </button>
          )}
          onRemove={async (ids, reason) => {
            await list.remove(ids, () =>
              removeOneOrMany(ids, groupsApi.removeGroup, groupsApi.removeGroups, reason),
            );
            if (panel?.group && ids.includes(groupId(panel.group))) setPanel(null);
            toast.show({ title: ta('groups.removed', { count: ids.length }), tone: 'success' });
          }}
        />
      </div>
    </div>
  );
}
