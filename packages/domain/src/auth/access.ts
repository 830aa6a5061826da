// Who may do what. Back-office roles, permissions, lab modules and event roles from the specs, and the
// one pure rule the server's guard applies. The web client reads the same rule only to hide controls.

export const USER_ROLES = ['admin', 'super-admin', 'user'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** What a lab's staff may be given; a lab's admins hold all of them by their role. */
export const LAB_PERMISSIONS = [
  'manage_events',
  'manage_users',
  'manage_documents',
  'manage_polls',
  'manage_pharmacovigilance',
  'view_consumption',
  // A session's statistics, attendance, chat and replay (issue 26): read only of events one may see.
  'view_statistics',
  // The audit trail (issue 32): who changed what, when and why, across the lab's records.
  'view_audit',
  // A person's data gathered for them (GDPR access, issue 32): whoever answers the lab's data requests.
  'manage_personal_data',
] as const;

/**
 * The platform's own (issue 28): setting labs up, suspending and resuming them, across every lab. Held by
 * super-admins by their role and by whom a super-admin grants it, never by a lab's admin by role: a lab
 * admin sees their lab only.
 */
export const PLATFORM_PERMISSIONS = ['manage_labs'] as const;

export const PERMISSIONS = [...LAB_PERMISSIONS, ...PLATFORM_PERMISSIONS] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const LAB_MODULES = [
  'pharmacovigilance',
  'share_document',
  'active_camera',
  'polls',
  'stats',
] as const;
export type LabModule = (typeof LAB_MODULES)[number];

export const EVENT_ROLES = ['participant', 'animator', 'observer', 'observer-animator'] as const;
export type EventRole = (typeof EVENT_ROLES)[number];

/** A signed-in lab staff member (back office) or a guest admitted to one event. */
export type Principal =
  | {
      kind: 'user';
      userId: number;
      labId: number;
      roles: readonly UserRole[];
      permissions: readonly Permission[];
      modules: readonly LabModule[];
    }
  | {
      kind: 'guest';
      participantId: number;
      labId: number;
      eventId: number;
      modules: readonly LabModule[];
    };

/** What a route or command requires. Every listed item must hold (the back-office spec's rule). */
export type Requirement = {
  /** Only lab staff accounts, never event guests. */
  staff?: boolean;
  permissions?: readonly Permission[];
  modules?: readonly LabModule[];
};

export type AccessDecision =
  | { allowed: true }
  | { allowed: false; reason: 'staff_only' | 'missing_permission' | 'module_disabled'; missing: string[] };

export function isAdmin(principal: Principal): boolean {
  return (
    principal.kind === 'user' && principal.roles.some((role) => role === 'admin' || role === 'super-admin')
  );
}

/**
 * What an account holds: super-admins every permission, the platform's included; admins every permission
 * of their lab (and what was granted to them besides); other users what was granted to them.
 */
export function heldPermissions(account: {
  roles: readonly UserRole[];
  permissions: readonly Permission[];
}): readonly Permission[] {
  if (account.roles.includes('super-admin')) return PERMISSIONS;
  if (!account.roles.includes('admin')) return account.permissions;
  const besides = account.permissions.filter((permission) => !isLabPermission(permission));
  return [...LAB_PERMISSIONS, ...besides];
}

export const isLabPermission = (permission: Permission): boolean =>
  (LAB_PERMISSIONS as readonly Permission[]).includes(permission);

/** What a signed-in principal holds (heldPermissions); guests hold none. */
export function effectivePermissions(principal: Principal): readonly Permission[] {
  return principal.kind === 'guest' ? [] : heldPermissions(principal);
}

export function checkAccess(principal: Principal, requirement: Requirement): AccessDecision {
  const needsStaff = requirement.staff === true || (requirement.permissions?.length ?? 0) > 0;
  if (needsStaff && principal.kind !== 'user') {
    return { allowed: false, reason: 'staff_only', missing: [] };
  }
  const missingModules = (requirement.modules ?? []).filter((module) => !principal.modules.includes(module));
  if (missingModules.length > 0) {
    return { allowed: false, reason: 'module_disabled', missing: missingModules };
  }
  const held = effectivePermissions(principal);
  const missingPermissions = (requirement.permissions ?? []).filter(
    (permission) => !held.includes(permission),
  );
  if (missingPermissions.length > 0) {
    return { allowed: false, reason: 'missing_permission', missing: missingPermissions };
  }
  return { allowed: true };
}

/** A user with only the role `user` sees only the events they own (back-office spec, section 1). */
export function seesOnlyOwnEvents(principal: Principal): boolean {
  return principal.kind === 'user' && !principal.roles.some((role) => role !== 'user');
}

/** What decides whether someone may see an event of their lab. */
export type EventVisibilityFacts = {
  eventId: number;
  ownerId: number | null;
  isPublic: boolean;
  /** The caller already takes part in the event (a manager registered them). */
  takesPart: boolean;
};

/**
 * Whether a principal may see an event of its own lab: the one rule of every route and socket call that
 * takes an event or room id, registering to an event included, so what one cannot see one cannot join.
 * A guest sees the event they were admitted to; a user with only the role `user` sees the events they
 * own, public events, and those they were registered to; other staff see every event of their lab.
 */
export function canSeeEvent(principal: Principal, event: EventVisibilityFacts): boolean {
  if (principal.kind === 'guest') return principal.eventId === event.eventId;
  if (!seesOnlyOwnEvents(principal)) return true;
  return event.ownerId === principal.userId || event.isPublic || event.takesPart;
}

/**
 * Whether staff may change an event (its plan, its lifecycle, its guests): a holder of manage events,
 * and, for a user whose only role is `user`, only an event they own (back-office spec, sections 1 and 6).
 */
export const NOT_YOUR_EVENT = 'You can only change the events you own (manage events).';

export function canChangeEvent(principal: Principal, event: { ownerId: number | null }): boolean {
  if (principal.kind !== 'user' || !effectivePermissions(principal).includes('manage_events')) return false;
  return !seesOnlyOwnEvents(principal) || event.ownerId === principal.userId;
}
