// The sidebar of the back office (back-office spec, section 1): one entry per area, shown when the
// user may open its page (permissions and lab modules, from the route table). Areas whose pages this
// build does not have yet are left out rather than shown as links to nothing.
import { ADMIN_ROUTES, type AdminRouteName, adminRouteVerdict, type Principal } from '@lablive/domain';

export type NavEntry = {
  route: AdminRouteName;
  /** The key of its label in the `admin` namespace (`nav.*`). */
  label:
    | 'events'
    | 'medias'
    | 'users'
    | 'documents'
    | 'polls'
    | 'pharmacovigilance'
    | 'stats'
    | 'consumption'
    | 'audit'
    | 'personalData'
    | 'consents'
    | 'labs'
    | 'deploymentDays'
    | 'profile';
};

/**
 * In the spec's order: Events (and their Medias), Users, Documents, Polls, pharmacovigilance, Statistics,
 * My consumption; the Audit trail (issue 32, view_audit) and Personal data requests (GDPR access,
 * manage_personal_data); then the platform's Labs.
 */
const ENTRIES: readonly NavEntry[] = [
  { route: 'events', label: 'events' },
  // The stage content of events, beside them (the spec's old product had no page for it).
  { route: 'medias', label: 'medias' },
  { route: 'users', label: 'users' },
  { route: 'documents', label: 'documents' },
  { route: 'polls', label: 'polls' },
  { route: 'pharmaReports', label: 'pharmacovigilance' },
  { route: 'stats', label: 'stats' },
  { route: 'consumption', label: 'consumption' },
  { route: 'audit', label: 'audit' },
  { route: 'personalData', label: 'personalData' },
  // The lab's consent texts (issue 33), beside the other data-protection page.
  { route: 'consents', label: 'consents' },
  // The platform's labs: only for super-admins (manage_labs).
  { route: 'labs', label: 'labs' },
  { route: 'deploymentDays', label: 'deploymentDays' },
  { route: 'profile', label: 'profile' },
];

export function navEntries(principal: Principal, built: ReadonlySet<AdminRouteName>) {
  return ENTRIES.filter(
    (entry) => built.has(entry.route) && adminRouteVerdict(principal, entry.route) === 'show',
  ).map((entry) => ({ ...entry, path: ADMIN_ROUTES[entry.route].path }));
}

/**
 * Where the back office opens for a user: the first page of the sidebar they may open (the events page
 * for whoever manages events), the profile for someone who may open no other (issue 26: never "Not
 * enough permissions" right after signing in).
 */
export function adminHomeFor(principal: Principal, built: ReadonlySet<AdminRouteName>): string {
  const [first] = navEntries(principal, built);
  return first?.path ?? ADMIN_ROUTES.profile.path;
}

/** Whether the user may open any page of the back office but their profile (else: no sidebar). */
export const hasBackOffice = (principal: Principal, built: ReadonlySet<AdminRouteName>): boolean =>
  navEntries(principal, built).some((entry) => entry.route !== 'profile');
