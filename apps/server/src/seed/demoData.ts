// The demo data that `npm start` creates on an empty embedded database (and `npm run db:seed` on any
// empty database): one lab with every module, four accounts (the platform's super-admin among them),
// one public event ready to join.
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { eventSlug, LAB_MODULES, type Permission } from '@lablive/domain';
import { sql } from 'kysely';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/connection.ts';

export const DEMO_PASSWORD = 'demo-lablive';
export const DEMO_ACCOUNTS = [
  { email: 'admin@lablive.test', role: 'admin', permissions: [], firstName: 'Alice', lastName: 'Admin' },
  {
    email: 'animator@lablive.test',
    role: 'user',
    permissions: ['manage_events', 'view_statistics'],
    firstName: 'Anatole',
    lastName: 'Animateur',
  },
  { email: 'user@lablive.test', role: 'user', permissions: [], firstName: 'Ulla', lastName: 'User' },
  // The platform's super-admin: sets up labs at /admin/labs (issue 28).
  {
    email: 'super@lablive.test',
    role: 'super-admin',
    permissions: [],
    firstName: 'Sacha',
    lastName: 'Superadmin',
  },
] as const satisfies ReadonlyArray<{
  email: string;
  role: string;
  permissions: readonly Permission[];
  firstName: string;
  lastName: string;
}>;

export type SeedResult =
  | { created: false; reason: string }
  | { created: true; eventSlug: string; eventId: number };

const DEMO_DOCUMENT = `LabLive demo document
=====================

This document was shared with you in a LabLive live room.
Animators share documents from the room header; every participant can download them.
`;

export async function databaseHoldsData(db: Db): Promise<boolean> {
  const row = await sql<{ any: boolean }>`
    SELECT EXISTS (SELECT 1 FROM labs) OR EXISTS (SELECT 1 FROM users) OR EXISTS (SELECT 1 FROM events) AS any
  `.execute(db);
  return row.rows[0]?.any ?? false;
}

export async function seedDemoData(db: Db, options: { filesDir: string; now: Date }): Promise<SeedResult> {
  if (await databaseHoldsData(db)) {
    return {
      created: false,
      reason: 'the database already holds data; demo data is only created in an empty one',
    };
  }
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const storageKey = 'demo/lablive-demo-document.txt';
  await fs.mkdir(path.join(options.filesDir, 'demo'), { recursive: true });
  await fs.writeFile(path.join(options.filesDir, storageKey), DEMO_DOCUMENT);

  return db.transaction().execute(async (trx) => {
    const lab = await trx
      .insertInto('labs')
      .values({
        name: 'Demo Lab',
        slug: 'demo-lab',
        logo_url: null,
        header_image_url: null,
        waiting_room_image_url: null,
        plan_minutes: 6000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('lab_modules')
      .values(LAB_MODULES.map((module) => ({ lab_id: lab.id, module })))
      .execute();

    const roles = await trx.selectFrom('roles').select(['id', 'name']).execute();
    const permissions = await trx.selectFrom('permissions').select(['id', 'name']).execute();
    const userIds: Record<string, number> = {};
    for (const account of DEMO_ACCOUNTS) {
      const user = await trx
        .insertInto('users')
        .values({
          lab_id: lab.id,
          email: account.email,
          first_name: account.firstName,
          last_name: account.lastName,
          password_hash: passwordHash,
          job: null,
          address: null,
          therapeutic_area: null,
          avatar_url: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      userIds[account.email] = user.id;
      const role = roles.find((r) => r.name === account.role);
      if (role) await trx.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
      for (const name of account.permissions) {
        const permission = permissions.find((p) => p.name === name);
        if (permission) {
          await trx
            .insertInto('user_permissions')
            .values({ user_id: user.id, permission_id: permission.id })
            .execute();
        }
      }
    }

    const media = await trx
      .insertInto('medias')
      .values({
        lab_id: lab.id,
        name: 'Demo quiz',
        slug: 'demo',
        build_path: null,
        build_compression: null,
        thumbnail_url: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    const start = new Date(options.now);
    start.setUTCHours(8, 0, 0, 0);
    const end = new Date(start.getTime() + 9 * 3600 * 1000);
    const event = await trx
      .insertInto('events')
      .values({
        lab_id: lab.id,
        owner_id: userIds['animator@lablive.test'] ?? null,
        name: 'LabLive demo session',
        description: 'A live room to try LabLive: video, chat, polls, notes and documents.',
        // Replaced below by a slug ending in the event id, as public event links do.
        slug: `pending-${options.now.getTime()}`,
        is_public: true,
        active: true,
        planned_start_date: start,
        planned_end_date: end,
        start_date: options.now,
        rooms_needed: 2,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const slug = eventSlug('LabLive demo session', event.id);
    await trx.updateTable('events').set({ slug }).where('id', '=', event.id).execute();
    await trx
      .insertInto('event_medias')
      .values({ event_id: event.id, media_id: media.id, position: 0 })
      .execute();
    const rooms = await trx
      .insertInto('rooms')
      .values([
        { event_id: event.id, lab_id: lab.id, name: 'Room 1', opentok_session_id: null },
        { event_id: event.id, lab_id: lab.id, name: 'Room 2', opentok_session_id: null },
      ])
      .returning('id')
      .execute();

    await trx
      .insertInto('polls')
      .values({
        lab_id: lab.id,
        event_id: event.id,
        room_id: rooms[0]?.id ?? null,
        title: 'Treatment habits',
        question: 'Which formulation do your patients prefer?',
        options: JSON.stringify(['Tablets', 'Oral solution', 'Injection']),
        allow_multiple: true,
        active: false,
      })
      .execute();
    await trx
      .insertInto('documents')
      .values({
        lab_id: lab.id,
        name: 'LabLive demo document',
        extension: 'txt',
        content_type: 'text/plain; charset=utf-8',
        size_bytes: Buffer.byteLength(DEMO_DOCUMENT),
        storage_key: storageKey,
      })
      .execute();
    await trx
      .insertInto('pharmacovigilance_receivers')
      .values({ lab_id: lab.id, email: 'pharmacovigilance@lablive.test', active: true })
      .execute();
    return { created: true, eventSlug: slug, eventId: event.id } as const;
  });
}
