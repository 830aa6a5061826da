// What the users page's panel starts from and sends (back-office spec 2.8 and 5), and the server's
// answers to a broken users rule in the reader's language.
import { ApiError } from '@lablive/client';
import {
  type ManagedUser,
  rankOf,
  USER_RULE_MESSAGES,
  type UserForm,
  type UserFormInput,
  type UserRole,
  type UserRuleMessage,
} from '@lablive/domain';
import type { TFunction } from 'i18next';

/** The panel's values: a new user (role user, active) or the one edited. */
export function formValuesOf(user: ManagedUser | null): UserFormInput {
  return {
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    job: user?.job ?? '',
    address: user?.address ?? '',
    roles: user ? user.roles.map((role) => role.name) : ['user'],
    permissions: user?.permissions ?? [],
    groups: user?.groups.map((group) => group.id) ?? [],
    active: user?.active ?? true,
  };
}

type Access = Pick<UserFormInput, 'roles' | 'permissions' | 'active'>;

const sameSet = <T>(a: readonly T[], b: readonly T[]) =>
  a.every((item) => b.includes(item)) && b.every((item) => a.includes(item));

/**
 * Whether the panel's values change what the user may do (their roles, their permissions, whether they
 * may sign in) from what was loaded: the server then wants the reason (issue 32), as it compares them
 * (as sets). A new user has nothing to change.
 */
export function changesAccess(user: ManagedUser | null, values: Access): boolean {
  if (user === null) return false;
  const loaded = formValuesOf(user);
  return (
    !sameSet(loaded.roles, values.roles) ||
    !sameSet(loaded.permissions ?? [], values.permissions ?? []) ||
    (values.active ?? loaded.active) !== loaded.active
  );
}

/** The role a one-choice select shows for a user's roles: the highest. */
export function shownRole(roles: readonly UserRole[]): UserRole {
  const rank = rankOf(roles);
  return roles.find((role) => rankOf([role]) === rank) ?? 'user';
}

/** POST users: a new user is active, and has no `active` to send. */
export function creation(form: UserForm) {
  const { active: _, ...user } = form;
  return user;
}

const RULE_BY_TEXT = new Map<string, UserRuleMessage>(
  (Object.keys(USER_RULE_MESSAGES) as UserRuleMessage[]).map((key) => [USER_RULE_MESSAGES[key], key]),
);

/** The rule a server's answer names, if it is one of the users rules. */
export function ruleOf(error: unknown): UserRuleMessage | null {
  return error instanceof ApiError ? (RULE_BY_TEXT.get(error.detail) ?? null) : null;
}

/** The same error, its detail in the reader's language when it is a users rule (dialogs show details). */
export function inReadersLanguage(ta: TFunction<'admin'>, error: unknown): unknown {
  const rule = ruleOf(error);
  if (rule === null || !(error instanceof ApiError)) return error;
  return new ApiError({ ...error.problem, detail: ta(`users.rules.${rule}`) });
}
