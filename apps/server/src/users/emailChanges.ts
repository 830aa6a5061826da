// Changing a back-office account's sign-in address (issue 26, finding 2). An address is a claim until its
// owner followed a link sent to it: a new address, typed by the account's owner or by a manager, is kept
// pending and mailed a confirmation link; the old address is told at once; the account signs in with the
// new one only once the link is followed. So an account's e-mail is always an address its owner proved,
// and the participations matched by it (events/visibleEvents.ts, rooms/roomAccess.ts) are theirs.
import { DomainError, type ManagedUser, storedLocale, USER_RULE_MESSAGES } from '@lablive/domain';
import type { Caller } from '../access/caller.ts';
import type { Db } from '../db/connection.ts';
import { isUniqueViolation } from '../db/pgErrors.ts';
import { emailChangeMail, emailChangeNoticeMail } from '../mail/accountMail.ts';
import type { MailOutbox } from '../mail/mailOutbox.ts';
import { savePendingEmailChange, setUserEmail, takePendingEmailChange } from './emailChanges.repository.ts';
import { emailTakenByAnother } from './users.repository.ts';

/** How long a confirmation link works: long enough for a weekend, short enough to be forgotten. */
export const EMAIL_CHANGE_TTL_SECONDS = 48 * 3600;

export type EmailChangesDeps = {
  db: Db;
  mailOutbox: MailOutbox;
  /** Where the confirmation link points (the web app's /confirm-email page). */
  publicUrl: string;
  now: () => Date;
  emailChangeTtlSeconds?: number;
};

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const fullName = (user: ManagedUser) => `${user.first_name} ${user.last_name}`.trim() || user.email;

export function createEmailChanges(deps: EmailChangesDeps) {
  const ttlSeconds = deps.emailChangeTtlSeconds ?? EMAIL_CHANGE_TTL_SECONDS;

  return {
    /**
     * Within the caller's transaction: `email` asked for as `target`'s address. The current address (any
     * case) or the one already pending changes nothing; another account's is refused.
     */
    async request(trx: Db, who: Caller, target: ManagedUser, email: string): Promise<void> {
      const next = email.trim();
      if (sameAddress(next, target.email)) return;
      if (target.pending_email !== null && sameAddress(next, target.pending_email)) return;
      if (await emailTakenByAnother(trx, next, target.id)) {
        throw new DomainError('conflict', USER_RULE_MESSAGES.emailTaken);
      }
      const now = deps.now();
      const token = await savePendingEmailChange(trx, {
        userId: target.id,
        newEmail: next,
        requestedBy: who.user.id,
        now,
        ttlSeconds,
      });
      const locale = storedLocale(target.locale);
      const params = { name: fullName(target), requesterName: who.user.name, newEmail: next };
      const about = { labId: target.lab_id };
      const key = `email-change-${target.id}-${now.getTime()}`;
      await deps.mailOutbox.sendMany(trx, [
        {
          mail: {
            to: next,
            ...emailChangeMail(locale, {
              ...params,
              url: `${deps.publicUrl}/confirm-email?token=${encodeURIComponent(token)}`,
              validHours: Math.round(ttlSeconds / 3600),
            }),
          },
          key,
          about: { ...about, kind: 'email_change' },
        },
        {
          mail: { to: target.email, ...emailChangeNoticeMail(locale, params) },
          key: `${key}-notice`,
          about: { ...about, kind: 'email_change_notice' },
        },
      ]);
    },

    /** The link followed: the account's address becomes the new one. Answers it. */
    async confirm(token: string): Promise<{ email: string }> {
      return deps.db.transaction().execute(async (trx) => {
        const change = await takePendingEmailChange(trx, token, deps.now());
        if (!change) throw new DomainError('not_found', USER_RULE_MESSAGES.emailChangeInvalid);
        // Taken meanwhile by an account created with it: the change cannot happen.
        if (await emailTakenByAnother(trx, change.newEmail, change.userId)) {
          throw new DomainError('conflict', USER_RULE_MESSAGES.emailTaken);
        }
        try {
          await setUserEmail(trx, change.userId, change.newEmail);
        } catch (error) {
          if (isUniqueViolation(error)) throw new DomainError('conflict', USER_RULE_MESSAGES.emailTaken);
          throw error;
        }
        return { email: change.newEmail };
      });
    },
  };
}
