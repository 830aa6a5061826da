// The back office's pages under /admin, each behind the guard of its entry in the domain's route table.
// The routes (router.tsx) load this module, and with it the whole back office (rich-text editor,
// calendar), as its own chunk when someone goes there.
import type { ReactElement } from 'react';
import { AdminRoute } from './AdminRoute.tsx';
import type { BuiltAdminPage } from './adminPages.ts';
import { registerAdminTexts } from './adminTexts.ts';
import { AuditPage } from './audit/AuditPage.tsx';
import { ConsentsPage } from './consents/ConsentsPage.tsx';
import { DeploymentDaysPage } from './deploymentDays/DeploymentDaysPage.tsx';
import { DocumentFormPage } from './documents/DocumentFormPage.tsx';
import { DocumentsPage } from './documents/DocumentsPage.tsx';
import { EventFormPage } from './events/EventFormPage.tsx';
import { EventsPage } from './events/EventsPage.tsx';
import { GroupsPage } from './groups/GroupsPage.tsx';
import { LabFormPage } from './labs/LabFormPage.tsx';
import { LabsPage } from './labs/LabsPage.tsx';
import { MediaFormPage } from './medias/MediaFormPage.tsx';
import { MediasPage } from './medias/MediasPage.tsx';
import { ParticipantFormPage } from './participants/ParticipantFormPage.tsx';
import { ParticipantsPage } from './participants/ParticipantsPage.tsx';
import { PersonalDataPage } from './personalData/PersonalDataPage.tsx';
import { ReceiversPage } from './pharmacovigilance/ReceiversPage.tsx';
import { ReportDetailPage } from './pharmacovigilance/ReportDetailPage.tsx';
import { ReportsPage } from './pharmacovigilance/ReportsPage.tsx';
import { PollFormPage } from './polls/PollFormPage.tsx';
import { PollsPage } from './polls/PollsPage.tsx';
import { ProfilePage } from './profile/ProfilePage.tsx';
import { RegistrationsPage } from './registrations/RegistrationsPage.tsx';
import { ReplayPage } from './replay/ReplayPage.tsx';
import { ConsumptionPage } from './stats/ConsumptionPage.tsx';
import { SessionDetailPage } from './stats/SessionDetailPage.tsx';
import { StatsPage } from './stats/StatsPage.tsx';
import { UsersPage } from './users/UsersPage.tsx';

export { AdminLayout } from './AdminLayout.tsx';
export { AdminHome } from './AdminRoute.tsx';

// This module is the back office's chunk: its texts are registered as it loads.
registerAdminTexts();

/** Each page, by its name in the route table, behind its guard. */
export const ADMIN_PAGES: Record<BuiltAdminPage, ReactElement> = {
  events: (
    <AdminRoute name="events">
      <EventsPage />
    </AdminRoute>
  ),
  eventForm: (
    <AdminRoute name="eventForm">
      <EventFormPage />
    </AdminRoute>
  ),
  participants: (
    <AdminRoute name="participants">
      <ParticipantsPage />
    </AdminRoute>
  ),
  registrations: (
    <AdminRoute name="registrations">
      <RegistrationsPage />
    </AdminRoute>
  ),
  participantForm: (
    <AdminRoute name="participantForm">
      <ParticipantFormPage />
    </AdminRoute>
  ),
  medias: (
    <AdminRoute name="medias">
      <MediasPage />
    </AdminRoute>
  ),
  mediaForm: (
    <AdminRoute name="mediaForm">
      <MediaFormPage />
    </AdminRoute>
  ),
  polls: (
    <AdminRoute name="polls">
      <PollsPage />
    </AdminRoute>
  ),
  pollForm: (
    <AdminRoute name="pollForm">
      <PollFormPage />
    </AdminRoute>
  ),
  documents: (
    <AdminRoute name="documents">
      <DocumentsPage />
    </AdminRoute>
  ),
  documentForm: (
    <AdminRoute name="documentForm">
      <DocumentFormPage />
    </AdminRoute>
  ),
  groups: (
    <AdminRoute name="groups">
      <GroupsPage />
    </AdminRoute>
  ),
  users: (
    <AdminRoute name="users">
      <UsersPage />
    </AdminRoute>
  ),
  pharmacovigilance: (
    <AdminRoute name="pharmacovigilance">
      <ReceiversPage />
    </AdminRoute>
  ),
  pharmaReports: (
    <AdminRoute name="pharmaReports">
      <ReportsPage />
    </AdminRoute>
  ),
  pharmaReportDetail: (
    <AdminRoute name="pharmaReportDetail">
      <ReportDetailPage />
    </AdminRoute>
  ),
  profile: (
    <AdminRoute name="profile">
      <ProfilePage />
    </AdminRoute>
  ),
  replay: (
    <AdminRoute name="replay">
      <ReplayPage />
    </AdminRoute>
  ),
  stats: (
    <AdminRoute name="stats">
      <StatsPage />
    </AdminRoute>
  ),
  statsDetail: (
    <AdminRoute name="statsDetail">
      <SessionDetailPage />
    </AdminRoute>
  ),
  consumption: (
    <AdminRoute name="consumption">
      <ConsumptionPage />
    </AdminRoute>
  ),
  audit: (
    <AdminRoute name="audit">
      <AuditPage />
    </AdminRoute>
  ),
  personalData: (
    <AdminRoute name="personalData">
      <PersonalDataPage />
    </AdminRoute>
  ),
  consents: (
    <AdminRoute name="consents">
      <ConsentsPage />
    </AdminRoute>
  ),
  labs: (
    <AdminRoute name="labs">
      <LabsPage />
    </AdminRoute>
  ),
  labForm: (
    <AdminRoute name="labForm">
      <LabFormPage />
    </AdminRoute>
  ),
  deploymentDays: (
    <AdminRoute name="deploymentDays">
      <DeploymentDaysPage />
    </AdminRoute>
  ),
};

/** The page of the route table named `page` (the routes render it by name). */
export function AdminPage({ page }: { page: BuiltAdminPage }): ReactElement {
  return ADMIN_PAGES[page];
}
