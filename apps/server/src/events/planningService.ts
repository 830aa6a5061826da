// What the event form offers (back-office spec, section 7, "Medias and scheduling"): the mail templates
// of a media, and the days blocked by platform deployments, which only super-admins block or free (who
// hold manage_labs, as the access table and the deployment days page ask).
import { forbidden, MESSAGES, notFound, type Principal } from '@lablive/domain';
import { holds } from '../access/caller.ts';
import type { Db } from '../db/connection.ts';
import { listEmailTemplates } from '../mail/mediaTemplates.ts';
import { blockDay, listBlockedDays, unblockDay } from './deploymentSchedulers.repository.ts';

function requireSuperAdmin(principal: Principal) {
  if (!holds(principal, 'manage_labs')) throw forbidden(MESSAGES.notEnoughPermissions);
}

export type PlanningService = ReturnType<typeof createPlanningService>;

export function createPlanningService(db: Db) {
  return {
    emailTemplates: (principal: Principal, mediaId: number | undefined) =>
      listEmailTemplates(db, principal.labId, mediaId),
    blockedDays: () => listBlockedDays(db),
    async blockDay(principal: Principal, date: string) {
      requireSuperAdmin(principal);
      return blockDay(db, date);
    },
    async unblockDay(principal: Principal, id: number) {
      requireSuperAdmin(principal);
      if (!(await unblockDay(db, id))) throw notFound('deployment day', id);
    },
  };
}
