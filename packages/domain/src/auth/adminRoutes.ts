// The back office's route table (back-office spec, section 2.1): each page's path, the permissions it
// needs (all of them) and the lab module it belongs to. The web guard reads it to show a page, hide a
// sidebar entry or say "Not enough permissions"; the REST access table (apiRoutes.ts) takes the same
// requirements for the calls behind each page, so the server refuses what the page would hide.
import {
  type AccessDecision,
  checkAccess,
  type Permission,
  type Principal,
  type Requirement,
} from './access.ts';
import type { CurrentUser } from './responses.ts';

export type AdminRoute = {
  /** The path as react-router writes it (`:id` for a parameter). */
  path: string;
  requirement: Requirement;
};

const manage = (permission: Permission, module?: Requirement['modules']): Requirement => ({
  staff: true,
  permissions: [permission],
  ...(module ? { modules: module } : {}),
});

export const ADMIN_ROUTES = {
  events: { path: '/admin/events', requirement: manage('manage_events') },
  eventForm: { path: '/admin/events/:id', requirement: manage('manage_events') },
  participants: { path: '/admin/events/:id/participants', requirement: manage('manage_events') },
  // An event's registration (issue 33, part 5): its form and registrations, for who manages events.
  registrations: { path: '/admin/events/:id/registrations', requirement: manage('manage_events') },
  participantForm: {
    path: '/admin/events/:eventId/participants/:partId',
    requirement: manage('manage_events'),
  },
  // The stage content of events: managed by whoever manages events.
  medias: { path: '/admin/medias', requirement: manage('manage_events') },
  mediaForm: { path: '/admin/medias/:id', requirement: manage('manage_events') },
  users: { path: '/admin/users/list', requirement: manage('manage_users') },
  groups: { path: '/admin/users/groups', requirement: manage('manage_users') },
  documents: { path: '/admin/documents', requirement: manage('manage_documents', ['share_document']) },
  documentForm: {
    path: '/admin/documents/:id',
    requirement: manage('manage_documents', ['share_document']),
  },
  polls: { path: '/admin/polls', requirement: manage('manage_polls', ['polls']) },
  pollForm: { path: '/admin/polls/:id', requirement: manage('manage_polls', ['polls']) },
  pharmacovigilance: {
    path: '/admin/pharmacovigilance',
    requirement: manage('manage_pharmacovigilance', ['pharmacovigilance']),
  },
  pharmaReports: {
    path: '/admin/pharma-report',
    requirement: manage('manage_pharmacovigilance', ['pharmacovigilance']),
  },
  pharmaReportDetail: {
    path: '/admin/pharma-report-detail/:id',
    requirement: manage('manage_pharmacovigilance', ['pharmacovigilance']),
  },
  // The spec gives the stats page no permission; issue 26 adds `view statistics`: the page shows who
  // attended, what they said and did, which is not every staff account's to read (admins hold it).
  stats: { path: '/admin/stats', requirement: manage('view_statistics', ['stats']) },
  /** A closed session's detail (issue 18): who attended when, what they did, its CSVs. */
  statsDetail: { path: '/admin/stats/:eventId', requirement: manage('view_statistics', ['stats']) },
  /** A room's session replayed (issue 18): the statistics' audience. */
  replay: { path: '/admin/sessions/:roomId/replay', requirement: manage('view_statistics', ['stats']) },
  consumption: { path: '/admin/myconsumption', requirement: manage('view_consumption') },
  profile: { path: '/admin/profile', requirement: { staff: true } },
  /** Who changed what, when and why (issue 32): searchable, exported; read only, admins included. */
  audit: { path: '/admin/audit', requirement: manage('view_audit') },
  /** A person's data gathered for them (GDPR access, issue 32): JSON or a readable PDF; each recorded. */
  personalData: { path: '/admin/personal-data', requirement: manage('manage_personal_data') },
  /**
   * The lab's consent texts (issue 33): a data-protection matter of the whole lab, so for whoever
   * answers its personal data requests (admins hold it by role), like the personal data page.
   */
  consents: { path: '/admin/consents', requirement: manage('manage_personal_data') },
  /** The platform's labs (issue 28): for super-admins, across every lab. */
  labs: { path: '/admin/labs', requirement: manage('manage_labs') },
  labForm: { path: '/admin/labs/:id', requirement: manage('manage_labs') },
  /** The days no event may be planned on (platform deployments; issue 28): the platform's, like labs. */
  deploymentDays: { path: '/admin/deployment-days', requirement: manage('manage_labs') },
} as const satisfies Record<string, AdminRoute>;

export type AdminRouteName = keyof typeof ADMIN_ROUTES;

/**
 * What the guard does with a page: show it, send the user to the events page (the lab lacks the
 * page's module: the page does not exist for this lab), or say "Not enough permissions".
 */
export type AdminRouteVerdict = 'show' | 'redirect_home' | 'not_enough_permissions';

export function adminRouteVerdict(principal: Principal, route: AdminRouteName): AdminRouteVerdict {
  const decision: AccessDecision = checkAccess(principal, ADMIN_ROUTES[route].requirement);
  if (decision.allowed) return 'show';
  return decision.reason === 'module_disabled' ? 'redirect_home' : 'not_enough_permissions';
}

/** The principal the signed-in user's page guard reasons about (the server holds the real one). */
export function principalOf(user: CurrentUser): Principal {
  if (user.kind === 'guest') {
    return {
      kind: 'guest',
      participantId: user.participation?.id ?? 0,
      eventId: user.participation?.event_id ?? 0,
      labId: user.lab.id,
      modules: user.lab.modules,
    };
  }
  return {
    kind: 'user',
    userId: user.id,
    labId: user.lab.id,
    roles: user.roles,
    permissions: user.permissions,
    modules: user.lab.modules,
  };
}
