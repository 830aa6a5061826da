// The back office's users page (back-office spec 2.8, 3, 5 and 7; issue 17, part 4): a lab's users with
// their roles, permissions and groups, created and edited in the page's panel, removed (deactivated when
// they own events). One set of schemas for the server's routes, the REST client and the page's form.
// No password is typed for someone else: a new user receives a mail to set their own
// (docs/adr/0004-users-set-their-own-password.md), so `password` is refused rather than stored.
import { z } from 'zod';
import { heldPermissions, PERMISSIONS, type Permission, USER_ROLES, type UserRole } from '../auth/access.ts';
import { MESSAGES } from '../auth/messages.ts';
import { idSchema } from '../shared/ids.ts';
import { labUserSchema } from './labUser.ts';
import { profileFormSchema } from './profile.ts';

/** The users and groups lists' page sizes (spec, section 9). */
export const USER_PAGE_SIZES = [10, 20, 50, 100, 1000] as const;

/** A role as GET roles lists it. */
export const roleSchema = z.object({ id: z.number(), name: z.enum(USER_ROLES) });
export type RoleView = z.infer<typeof roleSchema>;
export const roleListSchema = z.array(roleSchema);

/** A group a user belongs to, as the users list shows it. */
export const userGroupSchema = z.object({ id: z.number(), name: z.string(), color: z.string() });
export type UserGroup = z.infer<typeof userGroupSchema>;

/** A user as the back office lists and edits them: the account, its groups, and whether it is active. */
export const managedUserSchema = labUserSchema.extend({
  roles: z.array(roleSchema),
  permissions: z.array(z.enum(PERMISSIONS)),
  groups: z.array(userGroupSchema),
  /** False once the user was removed while owning events: they cannot sign in any more. */
  active: z.boolean(),
  /**
   * A new sign-in address waiting for its confirmation link to be followed (issue 26): the e-mail stays
   * the old one until then.
   */
  pending_email: z.string().nullable(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;
export const managedUserListSchema = z.array(managedUserSchema);

/** GET users?lab_id={id}&_sort=id:ASC (the spec's call); deactivated users only when asked. */
export const userListQuerySchema = z.object({
  /** The spec's client sends its own lab; another lab's id answers 404. */
  lab_id: idSchema.optional(),
  _sort: z.enum(['id:ASC', 'id:DESC']).optional(),
  include_deactivated: z.enum(['true', 'false']).optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

const uniqueOf = <T>(values: readonly T[]): T[] => [...new Set(values)];

const rolesSchema = z
  .array(z.enum(USER_ROLES, { error: `must be one of ${USER_ROLES.join(', ')}` }))
  .min(1, { error: 'must name at least one role' })
  .max(USER_ROLES.length)
  .transform(uniqueOf);

const permissionsSchema = z
  .array(z.enum(PERMISSIONS, { error: `must be one of ${PERMISSIONS.join(', ')}` }))
  .max(PERMISSIONS.length * 2)
  .transform(uniqueOf);

const groupIdsSchema = (params?: { error: string }) =>
  z
    .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER), params)
    .max(1000, { error: 'at most 1000 groups' })
    .transform(uniqueOf);

/** At least one group, in the spec's words whether the list is empty or missing. */
const requiredGroupIds = groupIdsSchema({ error: MESSAGES.fieldRequired }).refine((ids) => ids.length > 0, {
  error: MESSAGES.fieldRequired,
});

export const PASSWORD_NOT_TAKEN =
  'is not set by an administrator: the new user receives a mail to choose their own';

/**
 * POST users: the account, its role (user by default), permissions and its groups: at least one once the
 * lab has a group (spec 5), which only the server knows, so it checks that part; a lab without groups
 * yet creates its users without (issue 28, part 6).
 */
export const userCreateSchema = profileFormSchema.extend({
  roles: rolesSchema.default(['user']),
  permissions: permissionsSchema.default([]),
  groups: groupIdsSchema().default([]),
  /** The spec's password field, refused: see the module's first lines. */
  password: z.never({ error: PASSWORD_NOT_TAKEN }).optional(),
});
export type UserCreateInput = z.input<typeof userCreateSchema>;
export type UserCreate = z.output<typeof userCreateSchema>;

/**
 * PUT users/{id}: the profile's fields (the profile page sends only those) and, for someone who manages
 * users, roles, permissions, groups and whether the account is active. What is absent stays as it is.
 */
export const userUpdateSchema = profileFormSchema.extend({
  roles: rolesSchema.optional(),
  permissions: permissionsSchema.optional(),
  groups: groupIdsSchema().optional(),
  active: z.boolean().optional(),
});
export type UserUpdateInput = z.input<typeof userUpdateSchema>;
export type UserUpdate = z.output<typeof userUpdateSchema>;

/**
 * The users page's panel (react-hook-form with this schema): every field present, the roles, permissions
 * and groups included; at least one group when creating in a lab that has one (spec 5). Its values are
 * what POST users (without `active`) and PUT users/{id} take.
 */
export const userFormSchemaFor = (creating: boolean, labHasGroups: boolean) =>
  profileFormSchema.extend({
    roles: rolesSchema,
    permissions: permissionsSchema,
    groups: creating && labHasGroups ? requiredGroupIds : groupIdsSchema(),
    active: z.boolean(),
  });
export type UserFormInput = z.input<ReturnType<typeof userFormSchemaFor>>;
export type UserForm = z.output<ReturnType<typeof userFormSchemaFor>>;

/** What DELETE users/{id} did: deleted, or deactivated because the user owns events. */
export const USER_REMOVAL_OUTCOMES = ['deleted', 'deactivated'] as const;
export type UserRemovalOutcome = (typeof USER_REMOVAL_OUTCOMES)[number];
export const userRemovalSchema = z.object({ id: z.number(), outcome: z.enum(USER_REMOVAL_OUTCOMES) });
export type UserRemoval = z.infer<typeof userRemovalSchema>;

/** What POST users/delete-multiple did: how many were removed, and which way each went. */
export const usersRemovalSchema = z.object({
  removed: z.number().int(),
  deleted: z.array(z.number()),
  deactivated: z.array(z.number()),
});
export type UsersRemoval = z.infer<typeof usersRemovalSchema>;

/**
 * What the server answers when a users rule is broken (the web shows each in the reader's language). A
 * message naming a field starts with it, as the schema's errors name fields.
 */
export const USER_RULE_MESSAGES = {
  emailTaken: 'email: this e-mail address is already used by another account',
  emailChangeInvalid:
    'This confirmation link is invalid, used or expired: change the e-mail address again to receive a new one.',
  ownLastAdminRole:
    'roles: you cannot remove your own last administrator role; another administrator of your lab can',
  notYourself: 'You cannot grant yourself a role or a permission.',
  removeYourself: 'You cannot delete or deactivate your own account.',
  aboveYourRole: 'You cannot change or remove a user whose role is above yours.',
  holdsMore:
    'You cannot change or remove an account that holds a permission you do not hold: someone who holds it can.',
  managersOnly:
    'Only someone who manages users changes roles, permissions, groups or whether an account is active.',
} as const;
export type UserRuleMessage = keyof typeof USER_RULE_MESSAGES;

/** How much a role may do: no one grants, changes or removes someone who may do more than they may. */
const ROLE_RANK: Record<UserRole, number> = { user: 0, admin: 1, 'super-admin': 2 };

export function rankOf(roles: readonly UserRole[]): number {
  return Math.max(0, ...roles.map((role) => ROLE_RANK[role]));
}

/** Roles that hold every permission of the lab (access.ts, isAdmin). */
export const isAdminRole = (role: UserRole) => role === 'admin' || role === 'super-admin';

/**
 * Whether an account holds more than the caller: a role above theirs, or a permission they do not hold
 * (heldPermissions: an admin role holds every permission of the lab). Nobody changes such an account (its e-mail, picture, roles,
 * permissions, whether it is active) or removes it: changing its e-mail and resetting its password there
 * would be signing in with what one was never given (issue 26).
 */
export function holdsMoreThan(
  target: { roles: readonly UserRole[]; permissions: readonly Permission[] },
  caller: { roles: readonly UserRole[]; permissions: readonly Permission[] },
): boolean {
  const callerHolds = heldPermissions(caller);
  return (
    rankOf(target.roles) > rankOf(caller.roles) ||
    heldPermissions(target).some((permission) => !callerHolds.includes(permission))
  );
}

/** The roles and permissions in `next` that `current` lacks: what a change would grant. */
export function grantedBy(
  current: { roles: readonly UserRole[]; permissions: readonly Permission[] },
  next: { roles: readonly UserRole[]; permissions: readonly Permission[] },
): { roles: UserRole[]; permissions: Permission[] } {
  return {
    roles: next.roles.filter((role) => !current.roles.includes(role)),
    permissions: next.permissions.filter((permission) => !current.permissions.includes(permission)),
  };
}
