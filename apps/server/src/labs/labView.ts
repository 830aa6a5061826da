// What a caller is shown of their lab: everyone in it sees its name, theme and modules (the rooms need
// them); the purchased minutes are consumption data, for holders of view consumption only. Only the
// caller's own lab is shown: another lab's id answers 404, exactly like a lab that does not exist.
import {
  effectivePermissions,
  type LabView,
  notFound,
  type Permission,
  type Principal,
} from '@lablive/domain';
import type { Db } from '../db/connection.ts';
import { findLab, type Lab } from './labs.repository.ts';

export function labViewFor(lab: Lab, permissions: readonly Permission[]): LabView {
  const image = (url: string | null) => (url ? { url } : null);
  return {
    id: lab.id,
    name: lab.name,
    ...(permissions.includes('view_consumption') ? { plan_minutes: lab.planMinutes } : {}),
    primary_color: lab.theme.primaryColor,
    background_color: lab.theme.backgroundColor,
    third_color: lab.theme.thirdColor,
    logo_image: image(lab.theme.logoUrl),
    header_image: image(lab.theme.headerImageUrl),
    waiting_room_image: image(lab.theme.waitingRoomImageUrl),
    modules: lab.modules.map((name) => ({ name })),
  };
}

export type LabViews = ReturnType<typeof createLabViews>;

export function createLabViews(db: Db) {
  return {
    async view(principal: Principal, labId: number): Promise<LabView> {
      const lab = principal.labId === labId ? await findLab(db, principal.labId) : undefined;
      if (!lab) throw notFound('lab', labId);
      return labViewFor(lab, effectivePermissions(principal));
    },
  };
}
