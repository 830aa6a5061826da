// The mails of the mail outage scenario, caused as staff and users cause them, through the product's REST
// API on a running instance: a guest added to an event and invited (POST /api/participants, then
// /api/event-invitations: the invitation mail), a forgotten password (POST /api/forgot-password: the reset
// link). And what the product says of them: the event's mail log as the guest list page reads it
// (GET /api/events/{id}/mails) and every row of `mail_log` (the password resets belong to no event).
import type { MailKind, MailLogEntry } from '@lablive/domain';
import type { Db } from '@lablive/server/tooling';
import { createEvent, createLab, createUser } from '@lablive/testkit/fixtures';

/** One mail the scenario caused: who should receive it and what it is. */
export type CausedMail = { recipient: string; kind: MailKind; causedAt: number };

export type MailTraffic = {
  eventId: number;
  caused: CausedMail[];
  /** A guest added to the event and invited: one invitation mail. */
  invite(label: string): Promise<CausedMail>;
  /** A user of the lab asks for a password reset: one reset mail. */
  resetPassword(label: string): Promise<CausedMail>;
  /** The event's mail log, as the guest list page shows it. */
  eventMailLog(): Promise<MailLogEntry[]>;
};

export type LoggedMail = {
  recipient: string;
  kind: string;
  state: string;
  attempts: number;
  error: string | null;
};

const PASSWORD = 'chaos-mail-outage';

async function postJson(url: string, token: string | null, body: unknown): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
}

async function expectJson<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A lab, its admin signed in over HTTP, and an event of one room whose guests are invited. */
export async function startMailTraffic(db: Db, serverUrl: string, label: string): Promise<MailTraffic> {
  const labId = await createLab(db, `Chaos ${label}`);
  const adminEmail = `admin-${label}@lablive.test`;
  await createUser(db, { labId, email: adminEmail, password: PASSWORD, role: 'admin', locale: 'en' });
  const { token } = await expectJson<{ token: string }>(
    await postJson(`${serverUrl}/api/login`, null, { email: adminEmail, password: PASSWORD }),
    'the admin signs in',
  );
  const { eventId } = await createEvent(db, { labId, slug: `chaos-${label}`, rooms: 1 });
  const caused: CausedMail[] = [];
  const record = (recipient: string, kind: MailKind) => {
    const mail = { recipient, kind, causedAt: Date.now() };
    caused.push(mail);
    return mail;
  };

  return {
    eventId,
    caused,
    async invite(guest) {
      const email = `guest-${guest}@lablive.test`;
      const { id } = await expectJson<{ id: number }>(
        await postJson(`${serverUrl}/api/participants`, token, {
          event_id: eventId,
          email,
          name: `Guest ${guest}`,
        }),
        `guest ${guest} added`,
      );
      const invited = await expectJson<{ mailed: boolean }>(
        await postJson(`${serverUrl}/api/event-invitations`, token, { participant: id, event: eventId }),
        `guest ${guest} invited`,
      );
      if (!invited.mailed) throw new Error(`guest ${guest}'s invitation was not mailed`);
      return record(email, 'invitation');
    },
    async resetPassword(user) {
      const email = `user-${user}@lablive.test`;
      await createUser(db, { labId, email, password: PASSWORD, role: 'user', locale: 'en' });
      await expectJson(
        await postJson(`${serverUrl}/api/forgot-password`, null, { email }),
        `user ${user} asks for a reset`,
      );
      return record(email, 'password_reset');
    },
    async eventMailLog() {
      const response = await fetch(`${serverUrl}/api/events/${eventId}/mails`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(15_000),
      });
      return expectJson<MailLogEntry[]>(response, "the event's mail log");
    },
  };
}

/** Every row of the mail log, whatever it is about. */
export async function loggedMails(db: Db): Promise<LoggedMail[]> {
  const rows = await db
    .selectFrom('mail_log')
    .select(['recipient', 'kind', 'state', 'attempts', 'last_error'])
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    recipient: row.recipient,
    kind: row.kind,
    state: row.state,
    attempts: Number(row.attempts),
    error: row.last_error,
  }));
}
