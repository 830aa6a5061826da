// The back-office pages this build has: the router registers them under /admin at their path in the
// domain's route table (their code loads with the back office's chunk, adminRoutes.tsx), and the sidebar
// links only to them. The other areas of the route table come with their own pages.
import { ADMIN_ROUTES, type AdminRouteName } from '@lablive/domain';

export const BUILT_ADMIN_PAGES = [
  'events',
  'eventForm',
  'participants',
  'participantForm',
  'registrations',
  'medias',
  'mediaForm',
  'documents',
  'documentForm',
  'polls',
  'pollForm',
  'users',
  'groups',
  'pharmacovigilance',
  'pharmaReports',
  'pharmaReportDetail',
  'profile',
  'replay',
  'stats',
  'statsDetail',
  'consumption',
  'audit',
  'personalData',
  'consents',
  'labs',
  'labForm',
  'deploymentDays',
] as const;
export type BuiltAdminPage = (typeof BUILT_ADMIN_PAGES)[number];
export const BUILT_ADMIN_PAGE_SET: ReadonlySet<AdminRouteName> = new Set(BUILT_ADMIN_PAGES);

/** The page's path under /admin, as the router nested there matches it (`events/:id`). */
export const pathUnderAdmin = (page: BuiltAdminPage): string =>
  ADMIN_ROUTES[page].path.replace(/^\/admin\//, '');
