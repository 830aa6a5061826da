// A guest's personal link into their event, as every mail about it and the calendar page hand it out: a
// fresh single-use sign-in on their latest invitation (invitations.repository.ts); the product's
// address for a guest never invited.
import type { Db } from '../db/connection.ts';
import { issueInvitationTokens, latestInvitationIds } from './invitations.repository.ts';

export type PersonalLinkSettings = { publicUrl: string; invitationTtlSeconds: number; now: () => Date };

/** The link of a token already issued (the invitation's own mail). */
export const invitationUrl = (publicUrl: string, token: string): string =>
  `${publicUrl}/?invitation=${encodeURIComponent(token)}`;

export async function personalLink(
  db: Db,
  settings: PersonalLinkSettings,
  participantId: number,
): Promise<string> {
  const [link] = await personalLinks(db, settings, [participantId]);
  return link ?? settings.publicUrl;
}

/**
 * A personal link for each entry of `participantIds`, in the same order: two statements for any number
 * (a batch of reminders). A guest named twice (two of their reminders due at once) gets two links: each
 * mail's link works once, whichever is used first.
 */
export async function personalLinks(
  db: Db,
  settings: PersonalLinkSettings,
  participantIds: readonly number[],
): Promise<string[]> {
  const invitations = await latestInvitationIds(db, participantIds);
  const invited = participantIds.filter((participantId) => invitations.has(participantId));
  const tokens = await issueInvitationTokens(
    db,
    invited.map((participantId) => invitations.get(participantId) as number),
    settings.invitationTtlSeconds,
    settings.now(),
  );
  let next = 0;
  return participantIds.map((participantId) =>
    invitations.has(participantId)
      ? invitationUrl(settings.publicUrl, tokens[next++] as string)
      : settings.publicUrl,
  );
}
