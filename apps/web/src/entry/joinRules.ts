// Who joins how from the event page (live-room spec, sections 4 and 6): managers (manage events) and
// animators, observers and observer-animators pick a room while the event runs; everyone else is
// placed by the automatic distribution. Also what a refused join means, in the reader's language.
import type { CurrentUser } from '@lablive/domain';
import type { TFunction } from 'i18next';
import { isManager } from '../auth/roles.ts';
import { describeConsentFailure } from '../consents/consentWords.ts';
import type { Failure } from '../failure.ts';
import { describeFailure } from '../i18n/messages.ts';

/** The user's participation in this event, when they have one. */
export function participationIn(user: CurrentUser, eventId: number): CurrentUser['participation'] {
  return user.participation !== null && user.participation.event_id === eventId ? user.participation : null;
}

export function joinsAsStaff(user: CurrentUser, eventId: number): boolean {
  const participation = participationIn(user, eventId);
  return isManager(user) || (participation !== null && participation.role !== 'participant');
}

/** The server refuses a join when the event is not running (403) or has no room (409). */
export function describeJoinFailure(
  t: TFunction,
  tw: TFunction<'waiting'>,
  failure: Failure,
  eventActive: boolean,
): string {
  if (failure.status === 409) return tw('eventCard.noRoom');
  const consents = describeConsentFailure(tw, failure);
  if (consents !== null) return consents;
  if (failure.status === 403) return eventActive ? tw('eventCard.notAllowed') : tw('eventCard.notActive');
  return describeFailure(t, failure);
}
