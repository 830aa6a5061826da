// A used or expired personal link's way back (issue 26, finding 5): its holder asks, with the old link,
// for a fresh one, and it is mailed to the address the old one was sent to, in the guest's language and
// time zone as their reminders are. A used or expired token still names its guest (`findLinkHolder`).
// Whoever asks learns nothing: a token never issued, a guest gone or an event closed answer the same,
// and only a closed event's guest gets no mail (its links sign in no more).
import type { Db } from '../db/connection.ts';
import { guestMail, guestMailParams } from '../mail/guestMail.ts';
import { mailAddressee, mailEventsOf, mailGuestsOf, mailLanguageOf } from '../mail/guestsAndEvents.ts';
import type { MailOutbox } from '../mail/mailOutbox.ts';
import { personalLinkMail } from '../mail/templates.ts';
import { findLinkHolder } from './invitations.repository.ts';
import { type PersonalLinkSettings, personalLink } from './personalLink.ts';

export type LinkRenewalDeps = PersonalLinkSettings & {
  db: Db;
  mailOutbox: MailOutbox;
  /** The guest's calendar page, linked from the mail as from every mail about the event. */
  calendarPageUrl: (eventId: number, participantId: number) => string;
};

/** Mails the link's guest a fresh personal link, unless there is none to mail or the event is closed. */
export async function renewPersonalLink(deps: LinkRenewalDeps, token: string): Promise<void> {
  const holder = await findLinkHolder(deps.db, token.trim());
  if (!holder || holder.eventClosed) return;
  const guest = (await mailGuestsOf(deps.db, [holder.participantId])).get(holder.participantId);
  const event = (await mailEventsOf(deps.db, [holder.eventId])).get(holder.eventId);
  if (!guest || guest.event_id !== holder.eventId || !event || event.end_date !== null) return;
  const locale = mailLanguageOf(guest, event);
  // The new link and its mail commit together: the mail never carries a link that does not exist.
  await deps.db.transaction().execute(async (trx) => {
    const url = await personalLink(trx, deps, guest.id);
    const to = mailAddressee(guest, event);
    const mail = personalLinkMail(locale, {
      ...guestMailParams(to.guest, to.event),
      url,
      calendarUrl: deps.calendarPageUrl(event.id, guest.id),
    });
    const queued = guestMail('personal_link', to, mail, `personal-link-${url}`);
    await deps.mailOutbox.send(trx, queued.mail, queued.key, queued.about);
  });
}
