// Back-office users read and changed one at a time: a user's own account (the profile page), or a
// colleague's for someone who manages users, always within the caller's lab. Without the permission a
// colleague answers exactly like a user that does not exist: whether they do is itself lab data.
import {
  DomainError,
  effectivePermissions,
  type LabUser,
  notFound,
  type Principal,
  type ProfileForm,
} from '@lablive/domain';
import type { Db } from '../db/connection.ts';
import { emailTakenByAnother, findUserInLab, updateUserProfile } from './users.repository.ts';

export type UserService = ReturnType<typeof createUserService>;

export function createUserService(deps: { db: Db }) {
  /** The lab id the caller may reach `userId` in, or a 404 as if it did not exist. */
  function reachable(principal: Principal, userId: number): number {
    if (principal.kind !== 'user') throw notFound('user', userId);
    const self = principal.userId === userId;
    if (!self && !effectivePermissions(principal).includes('manage_users')) throw notFound('user', userId);
    return principal.labId;
  }

  return {
    async read(principal: Principal, userId: number): Promise<LabUser> {
      const user = await findUserInLab(deps.db, reachable(principal, userId), userId);
      if (!user) throw notFound('user', userId);
      return user;
    },

    /** E-mail, names, position and address; the e-mail stays unique across the product. */
    async updateProfile(principal: Principal, userId: number, form: ProfileForm): Promise<LabUser> {
      const labId = reachable(principal, userId);
      return deps.db.transaction().execute(async (trx) => {
        if (await emailTakenByAnother(trx, form.email, userId)) {
          throw new DomainError('conflict', 'email: this e-mail address is already used by another account');
        }
        const updated = await updateUserProfile(trx, labId, userId, form);
        if (!updated) throw notFound('user', userId);
        const user = await findUserInLab(trx, labId, userId);
        if (!user) throw notFound('user', userId);
        return user;
      });
    },
  };
}
