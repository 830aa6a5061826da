// Labs: their theme and enabled modules, and their settings as the platform's super-admins manage them.
// Rows are mapped to domain shapes here and nowhere else.
import { LAB_MODULES, type LabModule, type LabTheme, type Locale, storedLocale } from '@lablive/domain';
import { sql } from 'kysely';
import type { Db } from '../db/connection.ts';

export type Lab = {
  id: number;
  name: string;
  planMinutes: number;
  modules: LabModule[];
  theme: LabTheme;
  /** Suspended by a super-admin: nobody of it signs in or keeps a session. */
  suspended: boolean;
  /** The language of its mails and pages for who has none of their own. */
  defaultLocale: Locale;
  /** Its IANA zone: its statistics' days, and the sample event of a mail template's preview. */
  timeZone: string;
};

function isLabModule(value: string): value is LabModule {
  return (LAB_MODULES as readonly string[]).includes(value);
}

export async function findLab(db: Db, labId: number): Promise<Lab | undefined> {
  const row = await db.selectFrom('labs').selectAll().where('id', '=', labId).executeTakeFirst();
  if (!row) return undefined;
  const modules = await db.selectFrom('lab_modules').select('module').where('lab_id', '=', labId).execute();
  return {
    id: row.id,
    name: row.name,
    planMinutes: row.plan_minutes,
    suspended: row.suspended_at !== null,
    defaultLocale: storedLocale(row.default_locale),
    timeZone: row.time_zone,
    modules: modules.map((m) => m.module).filter(isLabModule),
    theme: {
      primaryColor: row.primary_color,
      backgroundColor: row.background_color,
      thirdColor: row.third_color,
      logoUrl: row.logo_url,
      headerImageUrl: row.header_image_url,
      waitingRoomImageUrl: row.waiting_room_image_url,
    },
  };
}

/** A lab as the super-admins manage it (the platform's labs page): its settings and its staff count. */
export type ManagedLabRow = {
  id: number;
  name: string;
  slug: string;
  primary_color: string;
  background_color: string;
  third_color: string;
  logo_url: string | null;
  header_image_url: string | null;
  waiting_room_image_url: string | null;
  plan_minutes: number;
  time_zone: string;
  default_locale: string;
  chat_retention_days: number | null;
  attendance_retention_days: number | null;
  suspended_at: Date | null;
  created_at: Date;
  modules: LabModule[];
  users: number;
};

/** Every lab (or the one of `labId`), by name, with its modules and its active staff accounts. */
export async function listManagedLabs(db: Db, labId?: number): Promise<ManagedLabRow[]> {
  let query = db
    .selectFrom('labs')
    .select((eb) => [
      'labs.id',
      'labs.name',
      'labs.slug',
      'labs.primary_color',
      'labs.background_color',
      'labs.third_color',
      'labs.logo_url',
      'labs.header_image_url',
      'labs.waiting_room_image_url',
      'labs.plan_minutes',
      'labs.time_zone',
      'labs.default_locale',
      'labs.chat_retention_days',
      'labs.attendance_retention_days',
      'labs.suspended_at',
      'labs.created_at',
      eb
        .selectFrom('lab_modules')
        .select(sql<string[]>`coalesce(array_agg(module ORDER BY module), '{}')`.as('modules'))
        .whereRef('lab_modules.lab_id', '=', 'labs.id')
        .as('modules'),
      eb
        .selectFrom('users')
        .select(eb.fn.countAll<string>().as('count'))
        .whereRef('users.lab_id', '=', 'labs.id')
        .where('users.deactivated_at', 'is', null)
        .as('users'),
    ])
    .orderBy('labs.name')
    .orderBy('labs.id');
  if (labId !== undefined) query = query.where('labs.id', '=', labId);
  const rows = await query.execute();
  return rows.map((row) => ({
    ...row,
    modules: (row.modules ?? []).filter(isLabModule),
    users: Number(row.users ?? 0),
  }));
}

/** The settings a super-admin writes (issue 28; retention, issue 32): any of them on a change. */
export type LabSettings = {
  name: string;
  slug: string;
  primary_color: string;
  background_color: string;
  third_color: string;
  plan_minutes: number;
  time_zone: string;
  default_locale: string;
  /** Days after an event's end its chat and notes stay readable; null keeps them. */
  chat_retention_days: number | null;
  /** Days after an event's end its participants stay named; null keeps them. */
  attendance_retention_days: number | null;
};

export async function insertLab(db: Db, settings: LabSettings): Promise<number> {
  const row = await db
    .insertInto('labs')
    .values({ ...settings, logo_url: null, header_image_url: null, waiting_room_image_url: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Changes the given settings; false when there is no such lab. */
export async function updateLabSettings(
  db: Db,
  labId: number,
  settings: Partial<LabSettings>,
): Promise<boolean> {
  if (Object.keys(settings).length === 0) {
    return (
      (await db.selectFrom('labs').select('id').where('id', '=', labId).executeTakeFirst()) !== undefined
    );
  }
  const result = await db.updateTable('labs').set(settings).where('id', '=', labId).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Sets the lab's modules, changing only what differs (the audit trail records a module on or off). */
export async function setLabModules(db: Db, labId: number, modules: readonly LabModule[]): Promise<void> {
  let removed = db.deleteFrom('lab_modules').where('lab_id', '=', labId);
  if (modules.length > 0) removed = removed.where('module', 'not in', modules);
  await removed.execute();
  if (modules.length > 0) {
    await db
      .insertInto('lab_modules')
      .values(modules.map((module) => ({ lab_id: labId, module })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
}

export async function slugTaken(db: Db, slug: string, exceptLabId: number | null): Promise<boolean> {
  let query = db.selectFrom('labs').select('id').where('slug', '=', slug);
  if (exceptLabId !== null) query = query.where('id', '<>', exceptLabId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Suspends the lab (at `at`) or resumes it (null); false when there is no such lab. */
export async function setLabSuspended(db: Db, labId: number, at: Date | null): Promise<boolean> {
  const result = await db
    .updateTable('labs')
    .set({ suspended_at: at })
    .where('id', '=', labId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Whether the lab is suspended (nobody of it signs in); false for no such lab. */
export async function isLabSuspended(db: Db, labId: number): Promise<boolean> {
  const row = await db.selectFrom('labs').select('suspended_at').where('id', '=', labId).executeTakeFirst();
  return row?.suspended_at != null;
}

export const LAB_IMAGE_FIELDS = ['logo_url', 'header_image_url', 'waiting_room_image_url'] as const;
export type LabImageField = (typeof LAB_IMAGE_FIELDS)[number];

/** Sets one of the lab's images; answers the URL it replaces (null when none). */
export async function setLabImage(
  db: Db,
  labId: number,
  field: LabImageField,
  url: string | null,
): Promise<{ previous: string | null } | undefined> {
  const before = await db
    .selectFrom('labs')
    .select(field)
    .where('id', '=', labId)
    .forUpdate()
    .executeTakeFirst();
  if (!before) return undefined;
  await db
    .updateTable('labs')
    .set({ [field]: url })
    .where('id', '=', labId)
    .execute();
  return { previous: before[field] };
}
