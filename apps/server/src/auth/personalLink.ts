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
  return (await personalLinks(db, settings, [participantId])).get(participantId) ?? settings.publicUrl;
}

/** Each guest's personal link, by guest id: two statements for any number of guests (a batch of reminders). */
export async function personalLinks(
  db: Db,
  settings: PersonalLinkSettings,
  participantIds: readonly number[],
): Promise<Map<number, string>> {
  const invitations = [...(await latestInvitationIds(db, participantIds))];
  const tokens = await issueInvitationTokens(
    db,
    invitations.map(([, invitationId]) => invitationId),
    settings.invitationTtlSeconds,
    settings.now(),
  );
  const links = new Map(
    invitations.map(([participantId], index) => [
      participantId,
      invitationUrl(settings.publicUrl, tokens[index] as string),
    ]),
  );
  for (const participantId of participantIds) {
    if (!links.has(participantId)) links.set(participantId, settings.publicUrl);
  }
  return links;
}
