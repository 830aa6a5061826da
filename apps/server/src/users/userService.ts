// Back-office users (back-office spec 2.8 and 2.12; issue 17, part 4), always within the caller's lab:
// a user's own account (the profile page), and, for someone who manages users, the lab's users: listed,
// created (the new user receives a mail to set their own password, never typed by an admin: ADR 0004),
// edited with their roles, permissions and groups, removed. Without the permission a colleague answers
// exactly like a user that does not exist: whether they do is itself lab data.
//
// What no one may do, even with manage users: grant or take away a role above their own or a permission
// they do not hold, change or remove someone whose role is above theirs or who holds a permission they do
// not (holdsMoreThan: their e-mail, and so their password, would be the caller's to take), grant
// themselves anything, remove their own last administrator role, or delete themselves. A user who owns events is deactivated rather than
// deleted: their events keep their owner, and they can no longer sign in.

import {
  DomainError,
  effectivePermissions,
  forbidden,
  grantedBy,
  holdsMoreThan,
  invalid,
  isAdminRole,
  type ManagedUser,
  MESSAGES,
  notFound,
  PERMISSIONS,
  type Permission,
  type Principal,
  type ProfileForm,
  REASON_REQUIRED_MESSAGE,
  type RoleView,
  rankOf,
  storedLocale,
  USER_RULE_MESSAGES,
  type UserCreate,
  type UserListQuery,
  type UserRemoval,
  type UserRole,
  type UsersRemoval,
  type UserUpdate,
} from '@lablive/domain';
import type { Caller } from '../access/caller.ts';
import { currentAuditContext } from '../db/auditContext.ts';
import type { Db } from '../db/connection.ts';
import type { MailOutbox } from '../mail/mailOutbox.ts';
import { createEmailChanges } from './emailChanges.ts';
import { openAccount, SET_PASSWORD_TTL_SECONDS } from './newAccount.ts';
import {
  deactivateUsers,
  deleteUsers,
  findUserInLab,
  groupsOfLab,
  labHasGroups,
  listRoles,
  listUsersOfLab,
  ownersOfEvents,
  reactivateUser,
  setUserGroups,
  setUserPermissions,
  setUserRoles,
  updateUserProfile,
  usersOfLab,
} from './users.repository.ts';

export type UserService = ReturnType<typeof createUserService>;

export type UserServiceDeps = {
  db: Db;
  mailOutbox: MailOutbox;
  /** Where the set-password link points (the web app's /reset page). */
  publicUrl: string;
  now: () => Date;
  setPasswordTtlSeconds?: number;
};

const {
  ownLastAdminRole: OWN_LAST_ADMIN_ROLE,
  notYourself: NOT_YOURSELF,
  removeYourself: DELETE_YOURSELF,
  aboveYourRole: ABOVE_YOUR_ROLE,
  holdsMore: HOLDS_MORE,
  managersOnly: MANAGERS_ONLY,
} = USER_RULE_MESSAGES;

type Staff = Extract<Principal, { kind: 'user' }>;

function staffOf(principal: Principal, userId: number): Staff {
  if (principal.kind !== 'user') throw notFound('user', userId);
  return principal;
}

const managesUsers = (principal: Principal) => effectivePermissions(principal).includes('manage_users');

/** Refuses roles or permissions the caller may not give (above their role, or not theirs to hold). */
function checkGrantable(caller: Staff, roles: readonly UserRole[], permissions: readonly Permission[]) {
  const callerRank = rankOf(caller.roles);
  const above = roles.filter((role) => rankOf([role]) > callerRank);
  if (above.length > 0)
    throw forbidden(`roles: you cannot give or take away a role above your own (${above.join(', ')}).`);
  const held = effectivePermissions(caller);
  const notHeld = permissions.filter((permission) => !held.includes(permission));
  if (notHeld.length > 0) {
    throw forbidden(
      `permissions: you cannot give or take away a permission you do not hold (${notHeld.join(', ')}).`,
    );
  }
}

async function checkGroups(db: Db, labId: number, groupIds: readonly number[]) {
  const found = await groupsOfLab(db, labId, groupIds);
  const missing = groupIds.filter((id) => !found.has(id));
  if (missing.length > 0) throw invalid('groups', `no group ${missing.join(', ')} in your lab`);
}

const isPermission = (name: string): name is Permission => (PERMISSIONS as readonly string[]).includes(name);

type Context = {
  deps: UserServiceDeps;
  db: Db;
  ttlSeconds: number;
  emailChanges: ReturnType<typeof createEmailChanges>;
};

export function createUserService(deps: UserServiceDeps) {
  const ctx: Context = {
    deps,
    db: deps.db,
    ttlSeconds: deps.setPasswordTtlSeconds ?? SET_PASSWORD_TTL_SECONDS,
    emailChanges: createEmailChanges(deps),
  };
  return {
    async read(principal: Principal, userId: number): Promise<ManagedUser> {
      return load(ctx.db, reachable(principal, userId), userId);
    },

    /** The lab's users in id order (GET users?lab_id={id}&_sort=id:ASC); `lab_id` must be the caller's. */
    async list(principal: Principal, query: UserListQuery): Promise<ManagedUser[]> {
      const caller = staffOf(principal, 0);
      if (query.lab_id !== undefined && query.lab_id !== caller.labId) throw notFound('lab', query.lab_id);
      return listUsersOfLab(ctx.db, caller.labId, {
        descending: query._sort === 'id:DESC',
        includeDeactivated: query.include_deactivated === 'true',
      });
    },

    roles(): Promise<RoleView[]> {
      return listRoles(ctx.db);
    },

    /**
     * A new user of the caller's lab, without a password: the mail of a set-password link leaves with
     * the account's transaction (both or neither).
     */
    create: (who: Caller, form: UserCreate) => createUser(ctx, who, form),

    /**
     * PUT users/{id}: the profile's fields for the user themselves or a manager; roles, permissions,
     * groups and the active flag for a manager, within the rules of the module's first lines.
     */
    update: (who: Caller, userId: number, form: UserUpdate) => updateUser(ctx, who, userId, form),

    /** POST confirm-email/{token}: the link mailed to a new address, followed (emailChanges.ts). */
    confirmEmail: (token: string) => ctx.emailChanges.confirm(token),

    /** DELETE users/{id}: deleted, or deactivated when they own events; another lab's user is not found. */
    async removeOne(principal: Principal, userId: number): Promise<UserRemoval> {
      const result = await remove(ctx, principal, [userId]);
      if (result.removed === 0) throw notFound('user', userId);
      return { id: userId, outcome: result.deleted.length > 0 ? 'deleted' : 'deactivated' };
    },

    /** POST users/delete-multiple: the lab's own users among `ids`, each deleted or deactivated. */
    removeMany: (principal: Principal, ids: readonly number[]) => remove(ctx, principal, ids),
  };
}

/** The lab id the caller may reach `userId` in, or a 404 as if it did not exist. */
function reachable(principal: Principal, userId: number): number {
  const staff = staffOf(principal, userId);
  if (staff.userId !== userId && !managesUsers(staff)) throw notFound('user', userId);
  return staff.labId;
}

async function load(within: Db, labId: number, userId: number): Promise<ManagedUser> {
  const user = await findUserInLab(within, labId, userId);
  if (!user) throw notFound('user', userId);
  return user;
}

/**
 * The profile's fields saved; a new e-mail address is not: it is asked for (emailChanges.ts) and takes
 * effect once the link mailed to it is followed. Answers the address waiting for its confirmation.
 */
async function saveProfile(
  { emailChanges }: Context,
  within: Db,
  who: Caller,
  target: ManagedUser,
  form: ProfileForm,
) {
  if (!(await updateUserProfile(within, target.lab_id, target.id, form))) throw notFound('user', target.id);
  await emailChanges.request(within, who, target, form.email);
}

/**
 * Removes users of the caller's lab: deleted, or deactivated when they own events. Ids of other labs
 * or of nobody are left out; the caller's own id and users above the caller's role are refused.
 */
async function remove(
  { db, deps }: Context,
  principal: Principal,
  ids: readonly number[],
): Promise<UsersRemoval> {
  const caller = staffOf(principal, ids[0] ?? 0);
  if (ids.includes(caller.userId)) throw new DomainError('conflict', DELETE_YOURSELF);
  return db.transaction().execute(async (trx) => {
    // Locked: an event given to one of them meanwhile waits, so nobody is deleted with events.
    const targets = await usersOfLab(trx, caller.labId, ids, { lock: true });
    const above = targets.filter((user) => rankOf(user.roles) > rankOf(caller.roles));
    if (above.length > 0) throw forbidden(ABOVE_YOUR_ROLE);
    if (targets.some((user) => holdsMoreThan(user, caller))) throw forbidden(HOLDS_MORE);
    const found = targets.map((user) => user.id);
    const owners = await ownersOfEvents(trx, found);
    const deactivated = await deactivateUsers(
      trx,
      caller.labId,
      found.filter((id) => owners.has(id)),
      caller.userId,
      deps.now(),
    );
    const deleted = await deleteUsers(
      trx,
      caller.labId,
      found.filter((id) => !owners.has(id)),
    );
    return { removed: deleted.length + deactivated.length, deleted, deactivated };
  });
}

/**
 * A new user of the caller's lab, without a password: the mail of a set-password link leaves with
 * the account's transaction (both or neither).
 */
async function createUser(ctx: Context, who: Caller, form: UserCreate): Promise<ManagedUser> {
  const { db, deps, ttlSeconds } = ctx;
  const caller = staffOf(who.principal, 0);
  checkGrantable(caller, form.roles, form.permissions);
  return db.transaction().execute(async (trx) => {
    await checkGroups(trx, caller.labId, form.groups);
    // At least one group once the lab has one; a lab without groups yet creates users without.
    if (form.groups.length === 0 && (await labHasGroups(trx, caller.labId))) {
      throw invalid('groups', MESSAGES.fieldRequired);
    }
    const userId = await openAccount(
      trx,
      { ...deps, ttlSeconds },
      {
        ...form,
        labId: caller.labId,
        labName: who.user.lab.name,
        locale: storedLocale(who.user.locale),
        inviterName: who.user.name,
      },
    );
    await setUserGroups(trx, userId, form.groups);
    return load(trx, caller.labId, userId);
  });
}

/**
 * PUT users/{id}: the profile's fields for the user themselves or a manager; roles, permissions,
 * groups and the active flag for a manager, within the rules of the module's first lines.
 */
async function updateUser(ctx: Context, who: Caller, userId: number, form: UserUpdate): Promise<ManagedUser> {
  const { db, deps } = ctx;
  const { principal } = who;
  const labId = reachable(principal, userId);
  const caller = staffOf(principal, userId);
  const self = caller.userId === userId;
  const { roles, permissions, groups, active } = form;
  const managed = roles !== undefined || permissions !== undefined || groups !== undefined;
  if ((managed || active !== undefined) && !managesUsers(caller)) throw forbidden(MANAGERS_ONLY);
  if (self && active === false) throw new DomainError('conflict', DELETE_YOURSELF);
  return db.transaction().execute(async (trx) => {
    const [target] = await usersOfLab(trx, labId, [userId], { lock: true });
    if (!target) throw notFound('user', userId);
    if (!self && rankOf(target.roles) > rankOf(caller.roles)) throw forbidden(ABOVE_YOUR_ROLE);
    if (!self && holdsMoreThan(target, caller)) throw forbidden(HOLDS_MORE);
    const current = await load(trx, labId, userId);
    const currentPermissions = current.permissions.filter(isPermission);
    if (self && roles !== undefined && target.roles.some(isAdminRole) && !roles.some(isAdminRole)) {
      throw new DomainError('conflict', OWN_LAST_ADMIN_ROLE);
    }
    const granted = grantedBy(
      { roles: target.roles, permissions: currentPermissions },
      { roles: roles ?? target.roles, permissions: permissions ?? currentPermissions },
    );
    // Oneself: nothing more than one already may (an admin holds every permission already).
    if (
      self &&
      (rankOf(granted.roles) > rankOf(target.roles) ||
        granted.permissions.some((permission) => !effectivePermissions(caller).includes(permission)))
    ) {
      throw forbidden(NOT_YOURSELF);
    }
    checkGrantable(caller, granted.roles, granted.permissions);
    // Taking a role or a permission away needs what giving it needs: holding it.
    checkGrantable(
      caller,
      roles === undefined ? [] : target.roles.filter((role) => !roles.includes(role)),
      permissions === undefined
        ? []
        : currentPermissions.filter((permission) => !permissions.includes(permission)),
    );
    if (groups !== undefined) await checkGroups(trx, labId, groups);
    const differs = <T>(before: readonly T[], after: readonly T[] | undefined) =>
      after !== undefined &&
      (before.some((item) => !after.includes(item)) || after.some((item) => !before.includes(item)));
    // A role, a permission or the account's activity changed is a change the audit trail asks the
    // reason of (Annex 11), like a deletion.
    if (
      (differs(target.roles, roles) ||
        differs(currentPermissions, permissions) ||
        (active !== undefined && active !== current.active)) &&
      !currentAuditContext()?.reason
    ) {
      throw new DomainError('validation', REASON_REQUIRED_MESSAGE);
    }

    await saveProfile(ctx, trx, who, current, form);
    if (roles !== undefined) await setUserRoles(trx, userId, roles);
    if (permissions !== undefined) await setUserPermissions(trx, userId, permissions);
    if (groups !== undefined) await setUserGroups(trx, userId, groups);
    if (active === false && current.active) {
      await deactivateUsers(trx, labId, [userId], caller.userId, deps.now());
    } else if (active === true && !current.active) {
      await reactivateUser(trx, labId, userId);
    }
    return load(trx, labId, userId);
  });
}
