// A used or expired personal link's way back (issue 26, finding 5): its holder asks, with the old link,
// for a fresh one, and it is mailed to the address the old one was sent to, in the guest's language and
// time zone as their reminders are. A used or expired token still names its guest (`findLinkHolder`).
// Whoever asks learns nothing: a token never issued, a guest gone or an event closed answer the same,
// and only a closed event's guest gets no mail (its links sign in no more).
import type { Db } from '../db/connection.ts';
import { guestLocale } from '../mail/guestLocale.ts';
import { guestMail, guestMailParams } from '../mail/guestMail.ts';
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

/** The guest a link was sent to, and their event, as the mail needs them. */
async function guestAndEvent(db: Db, participantId: number, eventId: number) {
  return db
    .selectFrom('participants')
    .innerJoin('events', 'events.id', 'participants.event_id')
    .leftJoin('users as account', 'account.id', 'participants.user_id')
    .innerJoin('labs', 'labs.id', 'events.lab_id')
    .select([
      'participants.id',
      'participants.email',
      'participants.name',
      'participants.timezone',
      'account.locale as account_locale',
      'participants.locale as chosen_locale',
      'events.id as event_id',
      'events.lab_id',
      'events.name as event_name',
      'events.planned_start_date',
      'events.default_timezone',
      'events.end_date',
      'labs.default_locale as lab_locale',
    ])
    .where('participants.id', '=', participantId)
    .where('participants.event_id', '=', eventId)
    .executeTakeFirst();
}

/** Mails the link's guest a fresh personal link, unless there is none to mail or the event is closed. */
export async function renewPersonalLink(deps: LinkRenewalDeps, token: string): Promise<void> {
  const holder = await findLinkHolder(deps.db, token.trim());
  if (!holder || holder.eventClosed) return;
  const guest = await guestAndEvent(deps.db, holder.participantId, holder.eventId);
  if (!guest || guest.end_date !== null) return;
  const locale = guestLocale({
    account: guest.account_locale,
    chosen: guest.chosen_locale,
    lab: guest.lab_locale,
  });
  // The new link and its mail commit together: the mail never carries a link that does not exist.
  await deps.db.transaction().execute(async (trx) => {
    const url = await personalLink(trx, deps, guest.id);
    const to = {
      guest: { ...guest, timeZone: guest.timezone },
      event: {
        id: guest.event_id,
        labId: guest.lab_id,
        name: guest.event_name,
        start: guest.planned_start_date,
        timeZone: guest.default_timezone,
      },
    };
    const mail = personalLinkMail(locale, {
      ...guestMailParams(to.guest, to.event),
      url,
      calendarUrl: deps.calendarPageUrl(guest.event_id, guest.id),
    });
    const queued = guestMail('personal_link', to, mail, `personal-link-${url}`);
    await deps.mailOutbox.send(trx, queued.mail, queued.key, queued.about);
  });
}
