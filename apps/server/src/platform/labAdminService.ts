// The platform's labs, for those who hold manage_labs (super-admins; issue 28, part 1): listed with what
// each used of its plan, created with their first admin (who receives a set-password mail in the lab's
// language, with the lab, or neither), changed (how long their events' chat and attendance are kept too,
// issue 32), suspended and resumed. A suspended lab's people cannot sign in (auth/principals.repository.ts,
// authService.ts) and the sessions running in its rooms are ended at once; resuming lets them back. Nobody
// suspends their own lab: they would lock themselves out.
import {
  conflict,
  forbidden,
  LAB_RULE_MESSAGES,
  type LabCreate,
  type LabUpdate,
  type ManagedLab,
  MESSAGES,
  notFound,
  percentOf,
  storedLocale,
} from '@lablive/domain';
import { type Caller, holds } from '../access/caller.ts';
import type { Db } from '../db/connection.ts';
import { isUniqueViolation } from '../db/pgErrors.ts';
import { endRoomSessions } from '../events/endSessions.ts';
import { runningRoomsOfLab } from '../events/rooms.repository.ts';
import {
  insertLab,
  type LabSettings,
  listManagedLabs,
  type ManagedLabRow,
  setLabModules,
  setLabSuspended,
  slugTaken,
  updateLabSettings,
} from '../labs/labs.repository.ts';
import type { MailOutbox } from '../mail/mailOutbox.ts';
import type { RoomService } from '../rooms/roomService.ts';
import { consumedMinutesByLab } from '../stats/stats.repository.ts';
import { openAccount, SET_PASSWORD_TTL_SECONDS } from '../users/newAccount.ts';

export type LabAdminServiceDeps = {
  db: Db;
  mailOutbox: MailOutbox;
  rooms: RoomService;
  /** Where the first admin's set-password link points. */
  publicUrl: string;
  now: () => Date;
  setPasswordTtlSeconds?: number;
};

export type LabAdminService = ReturnType<typeof createLabAdminService>;

const SLUG_TAKEN = LAB_RULE_MESSAGES.slugTaken;
const OWN_LAB = LAB_RULE_MESSAGES.ownLab;

function checkManagesLabs(caller: Caller): void {
  if (!holds(caller.principal, 'manage_labs')) throw forbidden(MESSAGES.notEnoughPermissions);
}

function toManagedLab(row: ManagedLabRow, consumed: number): ManagedLab {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    primary_color: row.primary_color,
    background_color: row.background_color,
    third_color: row.third_color,
    logo_url: row.logo_url,
    header_image_url: row.header_image_url,
    waiting_room_image_url: row.waiting_room_image_url,
    modules: row.modules,
    time_zone: row.time_zone,
    default_locale: storedLocale(row.default_locale),
    chat_retention_days: row.chat_retention_days,
    attendance_retention_days: row.attendance_retention_days,
    suspended_at: row.suspended_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    users: row.users,
    usage: {
      plan_minutes: row.plan_minutes,
      consumed_minutes: consumed,
      consumed_percent: percentOf(consumed, row.plan_minutes),
    },
  };
}

/** The form's settings as the labs table holds them (modules apart). */
function settingsOf(form: LabUpdate): Partial<LabSettings> {
  const { modules: _modules, ...settings } = form;
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
}

export function createLabAdminService(deps: LabAdminServiceDeps) {
  const { db } = deps;
  const ttlSeconds = deps.setPasswordTtlSeconds ?? SET_PASSWORD_TTL_SECONDS;

  async function read(within: Db, labId: number): Promise<ManagedLab> {
    const [row] = await listManagedLabs(within, labId);
    if (!row) throw notFound('lab', labId);
    const consumed = await consumedMinutesByLab(within);
    return toManagedLab(row, consumed.get(labId) ?? 0);
  }

  async function suspension(caller: Caller, labId: number, suspend: boolean): Promise<ManagedLab> {
    checkManagesLabs(caller);
    if (suspend && labId === caller.principal.labId) throw conflict(OWN_LAB);
    if (!(await setLabSuspended(db, labId, suspend ? deps.now() : null))) throw notFound('lab', labId);
    return read(db, labId);
  }

  return {
    async list(caller: Caller): Promise<ManagedLab[]> {
      checkManagesLabs(caller);
      const [rows, consumed] = await Promise.all([listManagedLabs(db), consumedMinutesByLab(db)]);
      return rows.map((row) => toManagedLab(row, consumed.get(row.id) ?? 0));
    },

    async read(caller: Caller, labId: number): Promise<ManagedLab> {
      checkManagesLabs(caller);
      return read(db, labId);
    },

    /** The lab, its modules and its first admin (role admin, set-password mail), together or not at all. */
    async create(caller: Caller, form: LabCreate): Promise<ManagedLab> {
      checkManagesLabs(caller);
      const { admin, modules, chat_retention_days, attendance_retention_days, ...rest } = form;
      // A retention left out keeps, as null does.
      const settings = {
        ...rest,
        chat_retention_days: chat_retention_days ?? null,
        attendance_retention_days: attendance_retention_days ?? null,
      } satisfies LabSettings;
      try {
        return await db.transaction().execute(async (trx) => {
          if (await slugTaken(trx, settings.slug, null)) throw conflict(SLUG_TAKEN);
          const labId = await insertLab(trx, settings);
          await setLabModules(trx, labId, modules);
          await openAccount(
            trx,
            { ...deps, ttlSeconds },
            {
              ...admin,
              labId,
              labName: settings.name,
              locale: settings.default_locale,
              roles: ['admin'],
              permissions: [],
              inviterName: caller.user.name,
            },
          );
          return read(trx, labId);
        });
      } catch (error) {
        // Two super-admins taking one slug at once: the second is told, as if it had been taken before.
        if (isUniqueViolation(error)) throw conflict(SLUG_TAKEN);
        throw error;
      }
    },

    async update(caller: Caller, labId: number, form: LabUpdate): Promise<ManagedLab> {
      checkManagesLabs(caller);
      try {
        return await db.transaction().execute(async (trx) => {
          if (form.slug !== undefined && (await slugTaken(trx, form.slug, labId))) throw conflict(SLUG_TAKEN);
          if (!(await updateLabSettings(trx, labId, settingsOf(form)))) throw notFound('lab', labId);
          if (form.modules !== undefined) await setLabModules(trx, labId, form.modules);
          return read(trx, labId);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(SLUG_TAKEN);
        throw error;
      }
    },

    /**
     * Suspends the lab: from now on nobody of it signs in or keeps a session (their next call is
     * refused), and the sessions running in its rooms are ended.
     */
    async suspend(caller: Caller, labId: number, requestId: string): Promise<ManagedLab> {
      const lab = await suspension(caller, labId, true);
      const running = await runningRoomsOfLab(db, labId);
      await endRoomSessions(deps.rooms, {
        roomIds: running.map((room) => room.id),
        by: caller.user,
        commandPrefix: `suspend-lab-${labId}-${lab.suspended_at}`,
        correlationId: requestId,
      });
      return lab;
    },

    /** Resumes a suspended lab: its people sign in again. */
    resume: (caller: Caller, labId: number): Promise<ManagedLab> => suspension(caller, labId, false),
  };
}
