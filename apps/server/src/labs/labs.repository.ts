// Labs: their theme and enabled modules. Rows are mapped to domain shapes here and nowhere else.
import { LAB_MODULES, type LabModule, type LabTheme } from '@lablive/domain';
import type { Db } from '../db/connection.ts';

export type Lab = {
  id: number;
  name: string;
  planMinutes: number;
  modules: LabModule[];
  theme: LabTheme;
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
