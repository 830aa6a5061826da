// Sign-in use cases: password, invitation link and public guest entry; refresh, sign-out, forgotten
// password. Routes stay thin and call these; every failure is a coded DomainError.
import {
  DomainError,
  forbidden,
  type Locale,
  type LoginResponse,
  MESSAGES,
  type PasswordLogin,
  type PublicGuestLogin,
  type RefreshTokenResponse,
} from '@lablive/domain';
import { sql } from 'kysely';
import { identifyAuditActor } from '../audit/auditActor.ts';
import { recordSignIn } from '../audit/auditService.ts';
import { checkEntryConsents, recordEntryConsents } from '../consents/consentService.ts';
import type { Db } from '../db/connection.ts';
import { isLabSuspended } from '../labs/labs.repository.ts';
import type { MailOutbox } from '../mail/mailOutbox.ts';
import { passwordResetMail } from '../mail/templates.ts';
import { isEmailOnlineInEvent } from '../rooms/onlineParticipants.ts';
import type { AccessTokenSubject, AccessTokens } from './accessTokens.ts';
import { findLinkHolder, redeemInvitationToken } from './invitations.repository.ts';
import { issuePasswordResetToken, redeemPasswordResetToken } from './passwordReset.repository.ts';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords.ts';
import { inSuspendedLab, loadCaller } from './principals.repository.ts';
import { revokeAllSessionsOfUser, revokeFamily, rotateSession, startSession } from './sessions.repository.ts';

export type AuthDeps = {
  db: Db;
  tokens: AccessTokens;
  /** Where the reset mail goes (the job queue, with the token's transaction). */
  mailOutbox: MailOutbox;
  now: () => Date;
  publicUrl: string;
  refreshTtlSeconds: number;
  resetTtlSeconds: number;
};

/** Without remember-me a session lasts a working day at most. */
const SHORT_SESSION_SECONDS = 12 * 3600;

async function openSession(
  deps: AuthDeps,
  subject: AccessTokenSubject,
  ttlSeconds: number,
): Promise<LoginResponse> {
  // Who they are first: nobody of a suspended lab gets a session (and is told why, not "wrong password").
  const caller = await loadCaller(deps.db, subject);
  if (!caller) {
    if (await inSuspendedLab(deps.db, subject)) throw forbidden(MESSAGES.labSuspended);
    throw new DomainError('unauthenticated', MESSAGES.loginFailed);
  }
  const session = await startSession(deps.db, subject, ttlSeconds, deps.now());
  await recordSignIn(deps.db, { ok: true, caller });
  return {
    token: await deps.tokens.sign({ ...subject, sessionId: session.familyId }),
    refreshToken: session.refreshToken,
    expiresIn: deps.tokens.ttlSeconds,
    user: caller.user,
    event_id: caller.eventId,
  };
}

export async function loginWithPassword(deps: AuthDeps, request: PasswordLogin): Promise<LoginResponse> {
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'lab_id', 'password_hash'])
    .where(sql`lower(email)`, '=', request.email.trim().toLowerCase())
    // A deactivated account answers like an unknown one.
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
  const valid = user?.password_hash
    ? await verifyPassword(user.password_hash, request.password)
    : await verifyAgainstDecoy(request.password);
  // One answer for an unknown e-mail and a wrong password, so no account can be discovered; the audit
  // trail keeps which it was.
  if (!user || !valid) {
    await recordSignIn(deps.db, {
      ok: false,
      method: 'password',
      email: request.email.trim(),
      account: user ? { id: user.id, labId: user.lab_id } : null,
    });
    throw new DomainError('unauthenticated', MESSAGES.loginFailed);
  }
  if (request.locale) {
    // The person is known now: the language they chose is their change in the audit trail.
    const caller = await loadCaller(deps.db, { kind: 'user', userId: user.id });
    if (caller) identifyAuditActor(caller);
    await deps.db.updateTable('users').set({ locale: request.locale }).where('id', '=', user.id).execute();
  }
  const ttl = request.rememberMe
    ? deps.refreshTtlSeconds
    : Math.min(deps.refreshTtlSeconds, SHORT_SESSION_SECONDS);
  return openSession(deps, { kind: 'user', userId: user.id }, ttl);
}

async function refuseIfOnline(deps: AuthDeps, eventId: number, email: string): Promise<void> {
  if (await isEmailOnlineInEvent(deps.db, eventId, email)) {
    throw new DomainError('already_in_session', MESSAGES.alreadyInSession);
  }
}

export const INVALID_LINK = 'This invitation link is invalid, used or expired.';
export const EVENT_OVER = 'This event is over: its links no longer open it.';

/** The guest session a request already carries (a valid access token), if any. */
export type CurrentGuest = { participantId: number; sessionId: string };

/**
 * Signs in with a personal link. A link works once; opened again in the tab where its guest is still
 * signed in, it lets them back in (a fresh session replaces the current one) instead of failing. A
 * closed event's links sign in no more, whoever opens them.
 */
export async function loginWithInvitation(
  deps: AuthDeps,
  token: string,
  current?: CurrentGuest,
): Promise<LoginResponse> {
  // A suspended lab's link is refused before it is used up: it works again once the lab is resumed.
  const holder = await findLinkHolder(deps.db, token.trim());
  if (holder && (await inSuspendedLab(deps.db, { kind: 'guest', participantId: holder.participantId }))) {
    throw forbidden(MESSAGES.labSuspended);
  }
  const invitation = await redeemInvitationToken(deps.db, token.trim(), deps.now());
  if (!invitation) {
    const failed = () =>
      recordSignIn(deps.db, {
        ok: false,
        method: 'invitation link',
        participant: holder ? { id: holder.participantId, labId: holder.labId } : null,
      });
    if (holder?.eventClosed) {
      await failed();
      throw new DomainError('gone', EVENT_OVER);
    }
    if (holder && current && holder.participantId === current.participantId) {
      await revokeFamily(deps.db, current.sessionId, deps.now());
      return openSession(
        deps,
        { kind: 'guest', participantId: holder.participantId },
        deps.refreshTtlSeconds,
      );
    }
    await failed();
    throw new DomainError('invalid_token', INVALID_LINK);
  }
  const participant = await deps.db
    .updateTable('participants')
    .set((eb) => ({ role: invitation.role, room_id: eb.fn.coalesce(eb.val(invitation.roomId), 'room_id') }))
    .where('id', '=', invitation.participantId)
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
  await refuseIfOnline(deps, invitation.eventId, participant.email);
  return openSession(deps, { kind: 'guest', participantId: participant.id }, deps.refreshTtlSeconds);
}

export async function loginAsPublicGuest(deps: AuthDeps, request: PublicGuestLogin): Promise<LoginResponse> {
  const event = await deps.db
    .selectFrom('events')
    .select(['id', 'lab_id'])
    .where('slug', '=', request.eventSlug)
    .where('is_public', '=', true)
    .executeTakeFirst();
  if (!event) throw new DomainError('not_found', 'There is no public event at this address.');
  if (await isLabSuspended(deps.db, event.lab_id)) throw forbidden(MESSAGES.labSuspended);
  // An event that takes registrations (issue 33, part 5) lets in only those given a place, by the
  // personal link their registration's mail carries: the open form would let anyone past its capacity.
  const registration = await deps.db
    .selectFrom('registration_forms')
    .select('enabled')
    .where('event_id', '=', event.id)
    .executeTakeFirst();
  if (registration?.enabled) throw forbidden(MESSAGES.registrationRequired);
  const email = request.email.trim().toLowerCase();
  await refuseIfOnline(deps, event.id, email);
  const existing = await deps.db
    .selectFrom('participants')
    .select(['id', 'role'])
    .where('event_id', '=', event.id)
    .where(sql`lower(email)`, '=', email)
    .executeTakeFirst();
  // The public form must not hand out a host's participation to whoever types the host's e-mail.
  if (existing && existing.role !== 'participant') {
    throw new DomainError('forbidden', 'This e-mail has a personal invitation: use the link you received.');
  }
  // The lab's required consents, ticked now or accepted on an earlier visit (issue 33).
  const ticked = request.consentVersionIds ?? [];
  await checkEntryConsents(deps.db, { labId: event.lab_id, participantId: existing?.id ?? null, ticked });
  const name = `${request.firstName} ${request.lastName}`;
  // What the page tells of the guest: the language they read it in, their clock (a zone a manager set
  // for them stays).
  const chosen = { ...(request.locale ? { locale: request.locale } : {}) };
  const clock = request.timeZone ?? null;
  const participantId = existing
    ? (
        await deps.db
          .updateTable('participants')
          .set((eb) => ({
            first_name: request.firstName,
            last_name: request.lastName,
            name,
            ...chosen,
            timezone: eb.fn.coalesce('timezone', eb.val(clock)),
          }))
          .where('id', '=', existing.id)
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    : (
        await deps.db
          .insertInto('participants')
          .values({
            event_id: event.id,
            lab_id: event.lab_id,
            email,
            first_name: request.firstName,
            last_name: request.lastName,
            name,
            ...chosen,
            timezone: clock,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
  await recordEntryConsents(deps.db, { labId: event.lab_id, participantId, ticked, at: deps.now() });
  return openSession(deps, { kind: 'guest', participantId }, deps.refreshTtlSeconds);
}

export async function refreshAccessToken(
  deps: AuthDeps,
  refreshToken: string,
): Promise<RefreshTokenResponse> {
  const result = await rotateSession(deps.db, refreshToken, deps.refreshTtlSeconds, deps.now());
  if (!result.ok) throw new DomainError('invalid_token', MESSAGES.invalidToken, { reason: result.reason });
  return {
    token: await deps.tokens.sign({ ...result.subject, sessionId: result.session.familyId }),
    refreshToken: result.session.refreshToken,
    expiresIn: deps.tokens.ttlSeconds,
  };
}

export async function logout(deps: AuthDeps, sessionId: string, refreshToken: string | undefined) {
  const now = deps.now();
  await revokeFamily(deps.db, sessionId, now);
  if (refreshToken) {
    const rotated = await rotateSession(deps.db, refreshToken, deps.refreshTtlSeconds, now);
    if (rotated.ok) await revokeFamily(deps.db, rotated.session.familyId, now);
  }
}

export async function requestPasswordReset(deps: AuthDeps, email: string, requestLocale: Locale | undefined) {
  const user = await deps.db
    .selectFrom('users')
    .select(['id', 'lab_id', 'email', 'first_name', 'last_name', 'locale'])
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .where('deactivated_at', 'is', null)
    .executeTakeFirst();
  if (!user) return;
  const locale = requestLocale ?? (user.locale === 'en' || user.locale === 'de' ? user.locale : 'fr');
  // The link and its mail commit together.
  await deps.db.transaction().execute(async (trx) => {
    const token = await issuePasswordResetToken(trx, user.id, deps.resetTtlSeconds, deps.now());
    const mail = passwordResetMail(locale, {
      name: `${user.first_name} ${user.last_name}`.trim() || user.email,
      resetUrl: `${deps.publicUrl}/reset?token=${encodeURIComponent(token)}`,
      validMinutes: Math.round(deps.resetTtlSeconds / 60),
    });
    await deps.mailOutbox.send(trx, { to: user.email, ...mail }, `password-reset-${token}`, {
      kind: 'password_reset',
      labId: user.lab_id,
    });
  });
}

export async function changePasswordWithToken(
  deps: AuthDeps,
  token: string,
  password: string,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await deps.db.transaction().execute(async (trx) => {
    const userId = await redeemPasswordResetToken(trx, token, deps.now());
    if (userId === undefined) {
      throw new DomainError('invalid_token', 'This password reset link is invalid, used or expired.');
    }
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
    // Whoever knew the old password is signed out everywhere.
    await revokeAllSessionsOfUser(trx, userId, deps.now());
  });
}
