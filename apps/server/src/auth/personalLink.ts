// A guest's personal link into their event, as every mail about it and the calendar page hand it out: a
// fresh single-use sign-in on their latest invitation (invitations.repository.ts); the product's
// address for a guest never invited.
import type { Db } from '../db/connection.ts';
import { issueInvitationToken, latestInvitationId } from './invitations.repository.ts';

export type PersonalLinkSettings = { publicUrl: string; invitationTtlSeconds: number; now: () => Date };

/** The link of a token already issued (the invitation's own mail). */
export const invitationUrl = (publicUrl: string, token: string): string =>
  `${publicUrl}/?invitation=${encodeURIComponent(token)}`;

export async function personalLink(
  db: Db,
  settings: PersonalLinkSettings,
  participantId: number,
): Promise<string> {
  const invitationId = await latestInvitationId(db, participantId);
  if (invitationId === undefined) return settings.publicUrl;
  const token = await issueInvitationToken(db, invitationId, settings.invitationTtlSeconds, settings.now());
  return invitationUrl(settings.publicUrl, token);
}
