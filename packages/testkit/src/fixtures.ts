// Rows the tests need, written through the same tables the application uses. Each fixture returns ids.
import { randomUUID } from 'node:crypto';
import type { LabModule, Permission, UserRole } from '@lablive/domain';
import type { Db } from '@lablive/server/testing';
import { hashPassword } from '@lablive/server/testing';

export async function createLab(db: Db, name: string, modules: readonly LabModule[] = []): Promise<number> {
  const lab = await db
    .insertInto('labs')
    .values({
      name,
      logo_url: `/logos/${encodeURIComponent(name)}.png`,
      header_image_url: null,
      waiting_room_image_url: null,
      primary_color: '#112233',
      // Unique: tests share a database, and many name their labs alike.
      slug: `${
        name
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '') || 'lab'
      }-${randomUUID().slice(0, 8)}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (modules.length > 0) {
    await db
      .insertInto('lab_modules')
      .values(modules.map((module) => ({ lab_id: lab.id, module })))
      .execute();
  }
  return lab.id;
}

export async function createUser(
  db: Db,
  options: {
    labId: number;
    email: string;
    password: string;
    role?: UserRole;
    permissions?: readonly Permission[];
    locale?: 'fr' | 'en' | 'de';
  },
): Promise<number> {
  const user = await db
    .insertInto('users')
    .values({
      lab_id: options.labId,
      email: options.email,
      first_name: 'Test',
      last_name: options.email.split('@')[0] ?? '',
      password_hash: await hashPassword(options.password),
      locale: options.locale ?? 'fr',
      job: null,
      address: null,
      therapeutic_area: null,
      avatar_url: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const role = await db
    .selectFrom('roles')
    .select('id')
    .where('name', '=', options.role ?? 'user')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
  for (const name of options.permissions ?? []) {
    const permission = await db
      .selectFrom('permissions')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('user_permissions')
      .values({ user_id: user.id, permission_id: permission.id })
      .execute();
  }
  return user.id;
}

export async function createEvent(
  db: Db,
  options: { labId: number; ownerId?: number | null; slug: string; isPublic?: boolean; rooms?: number },
): Promise<{ eventId: number; roomIds: number[] }> {
  const event = await db
    .insertInto('events')
    .values({
      lab_id: options.labId,
      owner_id: options.ownerId ?? null,
      name: `Event ${options.slug}`,
      slug: options.slug,
      is_public: options.isPublic ?? true,
      active: true,
      planned_start_date: new Date('2026-11-21T08:00:00Z'),
      planned_end_date: new Date('2026-11-21T17:00:00Z'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const roomIds: number[] = [];
  for (let i = 0; i < (options.rooms ?? 1); i++) {
    const room = await db
      .insertInto('rooms')
      .values({ event_id: event.id, lab_id: options.labId, opentok_session_id: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    roomIds.push(room.id);
  }
  return { eventId: event.id, roomIds };
}

/** A complete, valid adverse-event report as the room's form sends it (without its room). */
export const SAMPLE_PHARMACOVIGILANCE_REPORT = {
  patient_firstname: 'Jeanne',
  patient_lastname: 'Durand',
  gender: 'f',
  patient_birthdate: '1980-04-12 00:00:00',
  patient_age_range: 'Adults',
  doctor_firstname: 'Marc',
  doctor_lastname: 'Leroy',
  doctor_phone: '06 12 34 56 78',
  doctor_email: 'marc.leroy@cabinet.fr',
  doctor_specialty: 'Cardiology',
  doctor_address: '1 rue de la Paix, Paris',
  doctor_zip_code: '75002',
  drug_name: 'Cardiozol',
  drug_batch_number: '4711',
  drug_adverse_reaction: 'Dizziness after the second dose.',
};

/** A presentation media of a lab (or of the platform, with `labId` null). */
export async function createMedia(db: Db, options: { labId: number | null; name: string }): Promise<number> {
  const media = await db
    .insertInto('medias')
    .values({
      lab_id: options.labId,
      name: options.name,
      slug: options.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      build_path: null,
      build_compression: null,
      thumbnail_url: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return media.id;
}
