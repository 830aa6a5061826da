// The lab's groups as the routes run them (back-office spec 2.8, 3, 5 and 7): listed with what they hold
// and their member count, created, edited (name, colour, and the users, medias, documents and polls they
// gather, each of the caller's lab only: another lab's id is refused naming the field), deleted one or
// several at once (their pictures removed). Another lab's group is as absent as an unknown one.
import {
  type Group,
  type GroupChoices,
  type GroupForm,
  type GroupLink,
  type IdsRequest,
  invalid,
  notFound,
  type Principal,
} from '@lablive/domain';
import type { Db } from '../db/connection.ts';
import { unknownMediaIds } from '../medias/medias.repository.ts';
import { removePictures } from '../pictures/pictureFiles.ts';
import {
  deleteGroups,
  findGroupInLab,
  insertGroup,
  listGroupChoices,
  listLabGroups,
  replaceGroupLinks,
  unknownLinkIds,
  updateGroup,
} from './groups.repository.ts';

export type GroupServiceDeps = {
  db: Db;
  filesDir: string;
  log: { warn(details: object, message: string): void };
};

export type GroupService = ReturnType<typeof createGroupService>;

/** How a refused id is named in the message: "no user 12 in your lab". */
const SINGULAR: Record<GroupLink, string> = {
  users: 'user',
  medias: 'media',
  documents: 'document',
  polls: 'prepared poll',
};

/** The lists the form sends (a list left out is not sent on). */
function linksOf(form: GroupForm): Partial<Record<GroupLink, readonly number[]>> {
  return {
    ...(form.users ? { users: form.users } : {}),
    ...(form.medias ? { medias: form.medias } : {}),
    ...(form.documents ? { documents: form.documents } : {}),
    ...(form.polls ? { polls: form.polls } : {}),
  };
}

export function createGroupService({ db, filesDir, log }: GroupServiceDeps) {
  /** Refuses, naming the field, the first list holding an id the lab's groups may not hold. */
  async function checkLinks(trx: Db, labId: number, links: Partial<Record<GroupLink, readonly number[]>>) {
    for (const kind of ['users', 'medias', 'documents', 'polls'] as const) {
      const ids = links[kind];
      if (!ids || ids.length === 0) continue;
      const unknown =
        kind === 'medias'
          ? await unknownMediaIds(trx, labId, ids)
          : await unknownLinkIds(trx, labId, kind, ids);
      if (unknown.length > 0) {
        const shown = unknown.slice(0, 10).join(', ') + (unknown.length > 10 ? ', …' : '');
        throw invalid(kind, `no ${SINGULAR[kind]} ${shown} in your lab.`);
      }
    }
  }

  async function read(trx: Db, labId: number, groupId: number): Promise<Group> {
    const group = await findGroupInLab(trx, labId, groupId);
    if (!group) throw notFound('group', groupId);
    return group;
  }

  return {
    /** GET groups (and `?lab_id=`, which must be the caller's lab: another lab answers 404). */
    async list(principal: Principal, labId?: number): Promise<Group[]> {
      if (labId !== undefined && labId !== principal.labId) throw notFound('lab', labId);
      return listLabGroups(db, principal.labId);
    },

    choices: (principal: Principal): Promise<GroupChoices> => listGroupChoices(db, principal.labId),

    async create(principal: Principal, form: GroupForm): Promise<Group> {
      return db.transaction().execute(async (trx) => {
        const links = linksOf(form);
        await checkLinks(trx, principal.labId, links);
        const id = await insertGroup(trx, principal.labId, { name: form.name, color: form.color });
        await replaceGroupLinks(trx, id, links);
        return read(trx, principal.labId, id);
      });
    },

    /** PUT groups/{id}: the name, and what else is sent (a list left out keeps what it holds). */
    async update(principal: Principal, groupId: number, form: GroupForm): Promise<Group> {
      const { group, pictureBefore } = await db.transaction().execute(async (trx) => {
        const changed = await updateGroup(trx, principal.labId, groupId, {
          name: form.name,
          color: form.color,
          picture_url: form.picture_url,
        });
        if (!changed) throw notFound('group', groupId);
        const links = linksOf(form);
        await checkLinks(trx, principal.labId, links);
        await replaceGroupLinks(trx, groupId, links);
        return { group: await read(trx, principal.labId, groupId), pictureBefore: changed.pictureBefore };
      });
      if (form.picture_url === null) await removePictures(filesDir, [pictureBefore], log);
      return group;
    },

    async remove(principal: Principal, groupId: number): Promise<void> {
      const deleted = await deleteGroups(db, principal.labId, [groupId]);
      if (deleted.length === 0) throw notFound('group', groupId);
      await removePictures(
        filesDir,
        deleted.map((group) => group.picture_url),
        log,
      );
    },

    /** Deletes those of `ids` that are the lab's groups; the others are not counted. */
    async removeMany(principal: Principal, { ids }: IdsRequest): Promise<{ removed: number }> {
      const deleted = await deleteGroups(db, principal.labId, ids);
      await removePictures(
        filesDir,
        deleted.map((group) => group.picture_url),
        log,
      );
      return { removed: deleted.length };
    },
  };
}
