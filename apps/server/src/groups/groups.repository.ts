// The lab's groups and what they hold (group_users, group_medias, group_documents, group_polls), always
// read and changed within one lab. A group lists only what is still in use: active users, documents and
// polls not deleted (deleting a document or a poll takes it out of its groups; a deactivated user stays
// linked, unlisted, should the account come back).
import { GROUP_LINKS, type Group, type GroupChoices, type GroupLink } from '@lablive/domain';
import type { Db } from '../db/connection.ts';
import { listLabMedias } from '../medias/medias.repository.ts';

type GroupRow = {
  id: number;
  lab_id: number;
  name: string;
  color: string;
  picture_url: string | null;
  created_at: Date;
};

const COLUMNS = ['id', 'lab_id', 'name', 'color', 'picture_url', 'created_at'] as const;

export type GroupLinks = Record<GroupLink, readonly number[]>;

/** The ids each group of `groupIds` holds, in id order, by kind. */
async function linksOf(db: Db, groupIds: readonly number[]): Promise<Map<number, GroupLinks>> {
  const links = new Map<number, { [K in GroupLink]: number[] }>(
    groupIds.map((id) => [id, { users: [], medias: [], documents: [], polls: [] }]),
  );
  if (groupIds.length === 0) return links;
  const [users, medias, documents, polls] = await Promise.all([
    db
      .selectFrom('group_users')
      .innerJoin('users', 'users.id', 'group_users.user_id')
      .select(['group_users.group_id', 'group_users.user_id as id'])
      .where('group_users.group_id', 'in', groupIds)
      .where('users.deactivated_at', 'is', null)
      .orderBy('group_users.user_id')
      .execute(),
    db
      .selectFrom('group_medias')
      .select(['group_id', 'media_id as id'])
      .where('group_id', 'in', groupIds)
      .orderBy('media_id')
      .execute(),
    db
      .selectFrom('group_documents')
      .innerJoin('documents', 'documents.id', 'group_documents.document_id')
      .select(['group_documents.group_id', 'group_documents.document_id as id'])
      .where('group_documents.group_id', 'in', groupIds)
      .where('documents.deleted_at', 'is', null)
      .orderBy('group_documents.document_id')
      .execute(),
    db
      .selectFrom('group_polls')
      .innerJoin('polls', 'polls.id', 'group_polls.poll_id')
      .select(['group_polls.group_id', 'group_polls.poll_id as id'])
      .where('group_polls.group_id', 'in', groupIds)
      .where('polls.deleted_at', 'is', null)
      .orderBy('group_polls.poll_id')
      .execute(),
  ]);
  const fill = (kind: GroupLink, rows: readonly { group_id: number; id: number }[]) => {
    for (const row of rows) links.get(row.group_id)?.[kind].push(row.id);
  };
  fill('users', users);
  fill('medias', medias);
  fill('documents', documents);
  fill('polls', polls);
  return links;
}

const EMPTY: GroupLinks = { users: [], medias: [], documents: [], polls: [] };

function toGroup(row: GroupRow, links: GroupLinks = EMPTY): Group {
  return {
    ...row,
    users: [...links.users],
    medias: [...links.medias],
    documents: [...links.documents],
    polls: [...links.polls],
    member_count: links.users.length,
    created_at: row.created_at.toISOString(),
  };
}

/** The lab's groups, in the order they were made, with what each holds. */
export async function listLabGroups(db: Db, labId: number): Promise<Group[]> {
  const rows = await db
    .selectFrom('groups')
    .select(COLUMNS)
    .where('lab_id', '=', labId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const links = await linksOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toGroup(row, links.get(row.id)));
}

export async function findGroupInLab(db: Db, labId: number, groupId: number): Promise<Group | undefined> {
  const row = await db
    .selectFrom('groups')
    .select(COLUMNS)
    .where('id', '=', groupId)
    .where('lab_id', '=', labId)
    .executeTakeFirst();
  if (!row) return undefined;
  const links = await linksOf(db, [row.id]);
  return toGroup(row, links.get(row.id));
}

export async function insertGroup(
  db: Db,
  labId: number,
  fields: { name: string; color: string | undefined },
): Promise<number> {
  const row = await db
    .insertInto('groups')
    .values({
      lab_id: labId,
      name: fields.name,
      picture_url: null,
      ...(fields.color ? { color: fields.color } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Changes the lab's group `groupId` (locked while it changes); answers its picture's URL before the
 * change, or undefined when the lab has no such group.
 */
export async function updateGroup(
  db: Db,
  labId: number,
  groupId: number,
  fields: { name: string; color?: string | undefined; picture_url?: null | undefined },
): Promise<{ pictureBefore: string | null } | undefined> {
  const before = await db
    .selectFrom('groups')
    .select('picture_url')
    .where('id', '=', groupId)
    .where('lab_id', '=', labId)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return undefined;
  await db
    .updateTable('groups')
    .set({
      name: fields.name,
      ...(fields.color === undefined ? {} : { color: fields.color }),
      ...(fields.picture_url === null ? { picture_url: null } : {}),
    })
    .where('id', '=', groupId)
    .execute();
  return { pictureBefore: before.picture_url };
}

/** Each kind's link table and its column naming what the group holds. */
const LINK_TABLES = {
  users: { table: 'group_users', column: 'user_id' },
  medias: { table: 'group_medias', column: 'media_id' },
  documents: { table: 'group_documents', column: 'document_id' },
  polls: { table: 'group_polls', column: 'poll_id' },
} as const satisfies Record<GroupLink, { table: string; column: string }>;

/** Replaces the ids of the kinds given (a kind left out keeps what it holds). */
export async function replaceGroupLinks(
  db: Db,
  groupId: number,
  links: Partial<Record<GroupLink, readonly number[]>>,
): Promise<void> {
  for (const kind of GROUP_LINKS) {
    const ids = links[kind];
    if (!ids) continue;
    const { table, column } = LINK_TABLES[kind];
    await db.deleteFrom(table).where('group_id', '=', groupId).execute();
    if (ids.length === 0) continue;
    await db
      .insertInto(table)
      .values(ids.map((id) => ({ group_id: groupId, [column]: id })))
      .execute();
  }
}

/** Deletes those of `ids` that are the lab's groups (their links go with them); answers their pictures. */
export async function deleteGroups(
  db: Db,
  labId: number,
  ids: readonly number[],
): Promise<{ id: number; picture_url: string | null }[]> {
  if (ids.length === 0) return [];
  return db
    .deleteFrom('groups')
    .where('id', 'in', ids)
    .where('lab_id', '=', labId)
    .returning(['id', 'picture_url'])
    .execute();
}

/** The ids among `ids` that are not rows of the lab a group may hold (`kind`'s rule), in the order given. */
export async function unknownLinkIds(
  db: Db,
  labId: number,
  kind: Exclude<GroupLink, 'medias'>,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const found =
    kind === 'users'
      ? await db
          .selectFrom('users')
          .select('id')
          .where('id', 'in', ids)
          .where('lab_id', '=', labId)
          .where('deactivated_at', 'is', null)
          .execute()
      : kind === 'documents'
        ? await db
            .selectFrom('documents')
            .select('id')
            .where('id', 'in', ids)
            .where('lab_id', '=', labId)
            .where('deleted_at', 'is', null)
            .execute()
        : await db
            .selectFrom('polls')
            .select('id')
            .where('id', 'in', ids)
            .where('lab_id', '=', labId)
            .where('room_id', 'is', null)
            .where('deleted_at', 'is', null)
            .execute();
  const known = new Set(found.map((row) => row.id));
  return ids.filter((id) => !known.has(id));
}

/** What a group of the lab may hold, by name: the same rules as unknownLinkIds. */
export async function listGroupChoices(db: Db, labId: number): Promise<GroupChoices> {
  const [users, medias, documents, polls] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'email'])
      .where('lab_id', '=', labId)
      .where('deactivated_at', 'is', null)
      .orderBy('last_name')
      .orderBy('first_name')
      .orderBy('id')
      .execute(),
    listLabMedias(db, labId),
    db
      .selectFrom('documents')
      .select(['id', 'name'])
      .where('lab_id', '=', labId)
      .where('deleted_at', 'is', null)
      .orderBy('name')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('polls')
      .select(['id', 'title'])
      .where('lab_id', '=', labId)
      .where('room_id', 'is', null)
      .where('deleted_at', 'is', null)
      .orderBy('title')
      .orderBy('id')
      .execute(),
  ]);
  return {
    users: users.map((user) => ({
      id: user.id,
      name: `${user.first_name} ${user.last_name}`.trim() || user.email,
      email: user.email,
    })),
    medias: medias.map((media) => ({ id: media.id, name: media.name })),
    documents,
    polls: polls.map((poll) => ({ id: poll.id, name: poll.title })),
  };
}
