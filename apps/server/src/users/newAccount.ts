// A new staff account, without a password: its row, roles and permissions, and the mail of a
// set-password link (ADR 0004), in the caller's transaction so the account and its mail go together (or
// neither). Used when an admin adds a user to their lab and when a super-admin opens a lab with its first
// admin (platform/labAdminService.ts). The rules of who may grant what stay with the callers.
import type { Locale, Permission, UserRole } from '@lablive/domain';
import { DomainError, USER_RULE_MESSAGES } from '@lablive/domain';
import { issuePasswordResetToken } from '../auth/passwordReset.repository.ts';
import type { Db } from '../db/connection.ts';
import { isUniqueViolation } from '../db/pgErrors.ts';
import { setPasswordMail } from '../mail/accountMail.ts';
import type { MailOutbox } from '../mail/mailOutbox.ts';
import { emailTakenByAnother, insertUser, setUserPermissions, setUserRoles } from './users.repository.ts';

/** A new user has a week to set their password (a reset link lasts an hour: its owner asked for it). */
export const SET_PASSWORD_TTL_SECONDS = 7 * 24 * 3600;

export type NewAccountDeps = {
  mailOutbox: MailOutbox;
  /** Where the set-password link points (the web app's /reset page). */
  publicUrl: string;
  now: () => Date;
  ttlSeconds: number;
};

export type NewAccount = {
  labId: number;
  labName: string;
  email: string;
  first_name: string;
  last_name: string;
  job?: string | null;
  address?: string | null;
  /** Their language: of the mail now, and of their pages until they choose one. */
  locale: Locale;
  roles: readonly UserRole[];
  permissions: readonly Permission[];
  /** Who asked for the account, named in the mail. */
  inviterName: string;
};

/** Creates the account and queues its set-password mail in `trx`; answers its id. */
export async function openAccount(trx: Db, deps: NewAccountDeps, account: NewAccount): Promise<number> {
  if (await emailTakenByAnother(trx, account.email, null)) {
    throw new DomainError('conflict', USER_RULE_MESSAGES.emailTaken);
  }
  let userId: number;
  try {
    userId = await insertUser(trx, {
      labId: account.labId,
      email: account.email,
      first_name: account.first_name,
      last_name: account.last_name,
      job: account.job ?? null,
      address: account.address ?? null,
      locale: account.locale,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('conflict', USER_RULE_MESSAGES.emailTaken);
    throw error;
  }
  await setUserRoles(trx, userId, account.roles);
  await setUserPermissions(trx, userId, account.permissions);
  const token = await issuePasswordResetToken(trx, userId, deps.ttlSeconds, deps.now());
  const mail = setPasswordMail(account.locale, {
    name: `${account.first_name} ${account.last_name}`.trim(),
    inviterName: account.inviterName,
    labName: account.labName,
    url: `${deps.publicUrl}/reset?token=${encodeURIComponent(token)}&welcome=1`,
    validDays: Math.round(deps.ttlSeconds / 86400),
  });
  await deps.mailOutbox.send(trx, { to: account.email, ...mail }, `set-password-${userId}`, {
    kind: 'set_password',
    labId: account.labId,
  });
  return userId;
}
