// Whether every mail arrived once: what the scenario caused, what the product logged and what the SMTP
// server received, compared by recipient and kind (each recipient of the scenario gets one mail, of one
// kind, which its body shows: an invitation link or a password-reset link), and no Message-ID twice.
import type { CapturedMail } from '@lablive/testkit';
import type { CausedMail, LoggedMail } from './mailTraffic.ts';

export type DeliveryAudit = {
  /** Caused but not in the mail log. */
  unlogged: string[];
  /** Logged but not received. */
  lost: string[];
  /** Received more than once (recipient × count). */
  duplicated: string[];
  /** Received with a body that is not the logged kind's. */
  wrongKind: string[];
  /** Message-IDs seen on more than one received mail. */
  repeatedMessageIds: string[];
  received: number;
};

/** What a mail of each kind carries that the other kinds do not. */
const KIND_MARKERS: Record<string, RegExp> = {
  invitation: /\?invitation=/,
  password_reset: /\/reset\?token=/,
};

export const messageIdOf = (mail: CapturedMail) => /^message-id:\s*(\S+)/im.exec(mail.raw)?.[1] ?? '';

export function auditDelivery(
  caused: readonly CausedMail[],
  logged: readonly LoggedMail[],
  received: readonly CapturedMail[],
): DeliveryAudit {
  const key = (recipient: string, kind: string) => `${recipient} (${kind})`;
  const loggedKeys = new Set(logged.map((row) => key(row.recipient, row.kind)));
  const byRecipient = new Map<string, CapturedMail[]>();
  for (const mail of received)
    for (const to of mail.to) byRecipient.set(to, [...(byRecipient.get(to) ?? []), mail]);
  const ids = new Map<string, number>();
  for (const mail of received) ids.set(messageIdOf(mail), (ids.get(messageIdOf(mail)) ?? 0) + 1);

  const lost: string[] = [];
  const duplicated: string[] = [];
  const wrongKind: string[] = [];
  for (const row of logged) {
    const mails = byRecipient.get(row.recipient) ?? [];
    if (mails.length === 0) lost.push(key(row.recipient, row.kind));
    if (mails.length > 1) duplicated.push(`${key(row.recipient, row.kind)} × ${mails.length}`);
    const marker = KIND_MARKERS[row.kind];
    if (mails.some((mail) => marker === undefined || !marker.test(mail.text)))
      wrongKind.push(key(row.recipient, row.kind));
  }
  return {
    unlogged: caused
      .map((mail) => key(mail.recipient, mail.kind))
      .filter((caughtKey) => !loggedKeys.has(caughtKey)),
    lost,
    duplicated,
    wrongKind,
    repeatedMessageIds: [...ids].filter(([id, count]) => id === '' || count > 1).map(([id]) => id),
    received: received.length,
  };
}

/** A few items of a list, for a check's detail. */
export const some = (items: readonly string[], count = 3) =>
  items.length === 0 ? 'none' : `${items.length}: ${items.slice(0, count).join(', ')}`;
