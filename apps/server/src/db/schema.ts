// Row types of the database, one interface per table, as Kysely reads them. Kept beside the migrations'
// truth: a column added by a migration is added here in the same change.
import type { PatientAgeRange } from '@lablive/domain';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** bigint identity columns come back from pg as strings; the pool's type parser turns them into numbers. */
type Id = Generated<number>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

export interface LabsTable {
  id: Id;
  name: string;
  logo_url: string | null;
  header_image_url: string | null;
  waiting_room_image_url: string | null;
  primary_color: Generated<string>;
  background_color: Generated<string>;
  third_color: Generated<string>;
  plan_minutes: Generated<number>;
  /** The lab's days, weeks and months in the statistics are counted in this IANA zone. */
  time_zone: Generated<string>;
  /** Names the lab in addresses and lists; unique. */
  slug: string;
  /** The language of its mails and pages when a reader has none of their own (fr, en, de). */
  default_locale: Generated<string>;
  /** Set while the lab is suspended: nobody of it signs in, no session of it runs. */
  suspended_at: NullableTimestamp;
  /** Days after an event's end its chat and notes stay readable; null keeps them. */
  chat_retention_days: number | null;
  /** Days after an event's end its participants stay named (attendance); null keeps them. */
  attendance_retention_days: number | null;
  created_at: CreatedAt;
}

export interface LabModulesTable {
  lab_id: number;
  module: string;
}

export interface NamedTable {
  id: Id;
  name: string;
}

export interface UsersTable {
  id: Id;
  lab_id: number;
  email: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  job: string | null;
  address: string | null;
  therapeutic_area: string | null;
  avatar_url: string | null;
  locale: Generated<string>;
  password_hash: string | null;
  created_at: CreatedAt;
  /** Set when the user was removed while owning events: they can no longer sign in. */
  deactivated_at: NullableTimestamp;
  deactivated_by: number | null;
}
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface UserPermissionsTable {
  user_id: number;
  permission_id: number;
}

export interface GroupsTable {
  id: Id;
  lab_id: number;
  name: string;
  color: Generated<string>;
  picture_url: string | null;
  created_at: CreatedAt;
}

export interface GroupUsersTable {
  group_id: number;
  user_id: number;
}

export interface RefreshTokensTable {
  id: Id;
  token_hash: string;
  family_id: string;
  user_id: number | null;
  participant_id: number | null;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  created_at: CreatedAt;
}

/** A pending change of an account's sign-in address (migration 20261126T220100). */
export interface EmailChangesTable {
  user_id: number;
  new_email: string;
  token_hash: string;
  requested_by: number | null;
  requested_at: Date;
  expires_at: Date;
}

export interface PasswordResetTokensTable {
  id: Id;
  token_hash: string;
  user_id: number;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface MediasTable {
  id: Id;
  lab_id: number | null;
  name: string;
  slug: string;
  build_path: string | null;
  build_compression: string | null;
  canvas_width: Generated<number>;
  canvas_height: Generated<number>;
  full_canvas: Generated<boolean>;
  thumbnail_url: string | null;
  created_at: CreatedAt;
  /** 'page': build_path is the embedded page's address; 'build': an uploaded zip (build_version). */
  kind: Generated<'page' | 'build'>;
  build_version: string | null;
  build_size_bytes: number | null;
  build_file_count: number | null;
  build_uploaded_at: NullableTimestamp;
  archived_at: NullableTimestamp;
  archived_by: number | null;
}

export interface EventsTable {
  id: Id;
  lab_id: number;
  owner_id: number | null;
  name: string;
  type: Generated<string>;
  description: Generated<string>;
  slug: string;
  is_public: Generated<boolean>;
  active: Generated<boolean>;
  planned_start_date: Timestamp;
  planned_end_date: Timestamp;
  start_date: NullableTimestamp;
  end_date: NullableTimestamp;
  rooms_needed: Generated<number>;
  auto_dispatcher: Generated<boolean>;
  to_broadcast: Generated<boolean>;
  email_relaunch_j7: Generated<boolean>;
  email_relaunch_j1: Generated<boolean>;
  email_relaunch_h1: Generated<boolean>;
  default_timezone: Generated<string>;
  calendar_sequence: Generated<number>;
  /** Guests wait in the lobby until a host admits them (issue 33, part 2). */
  lobby: Generated<boolean>;
  created_at: CreatedAt;
}
export type EventRow = Selectable<EventsTable>;

export interface EventMediasTable {
  event_id: number;
  media_id: number;
  position: Generated<number>;
}

export interface RoomsTable {
  id: Id;
  event_id: number;
  lab_id: number;
  name: Generated<string>;
  opentok_session_id: string | null;
  active_modules: Generated<string[]>;
  created_at: CreatedAt;
}

/** The media server carrying a room's video (media/mediaServers.ts). */
export interface MediaRoomServersTable {
  room_id: number;
  server_url: string;
  assigned_at: Generated<Date>;
}

export interface ParticipantsTable {
  id: Id;
  event_id: number;
  lab_id: number;
  user_id: number | null;
  room_id: number | null;
  email: string;
  name: Generated<string>;
  first_name: Generated<string>;
  last_name: Generated<string>;
  role: Generated<string>;
  job: string | null;
  location: string | null;
  timezone: string | null;
  /** The language the guest chose on the public event page; null when they never did. */
  locale: string | null;
  google_refresh_token: string | null;
  created_at: CreatedAt;
}
export type ParticipantRow = Selectable<ParticipantsTable>;

export interface EventInvitationsTable {
  id: Id;
  event_id: number;
  participant_id: number;
  room_id: number | null;
  role: Generated<string>;
  created_at: CreatedAt;
}

export interface DeploymentSchedulersTable {
  id: Id;
  date: ColumnType<string, string, string>;
}

export interface EmailTemplatesTable {
  id: Id;
  lab_id: number | null;
  media_id: number | null;
  tag: string;
  locale: Generated<string>;
  subject: Generated<string>;
  body: Generated<string>;
  params: Generated<Json<Record<string, unknown>>>;
  provider_template_number: number | null;
  created_at: CreatedAt;
}

export interface PollsTable {
  id: Id;
  lab_id: number;
  event_id: number | null;
  room_id: number | null;
  title: string;
  question: string;
  options: Json<string[]>;
  allow_multiple: Generated<boolean>;
  active: Generated<boolean>;
  created_at: CreatedAt;
  /** Archived (deleted in the back office) when set; kept for the sessions that asked it. */
  deleted_at: NullableTimestamp;
  deleted_by: number | null;
}

export interface DocumentsTable {
  id: Id;
  lab_id: number;
  name: string;
  extension: Generated<string>;
  content_type: Generated<string>;
  size_bytes: Generated<number>;
  storage_key: string;
  /** The sanitised name of the file it was uploaded from. */
  file_name: Generated<string>;
  created_at: CreatedAt;
  /** Deleted documents stay as tombstones: named by sessions and downloads, their file gone. */
  deleted_at: NullableTimestamp;
  deleted_by: number | null;
}

export interface DocumentDownloadsTable {
  id: Id;
  lab_id: number;
  document_id: number;
  user_id: number | null;
  participant_id: number | null;
  event_id: number | null;
  room_id: number | null;
  downloaded_at: Timestamp;
}

export interface GroupLinkTable {
  group_id: number;
}

export interface PharmacovigilanceReceiversTable {
  id: Id;
  lab_id: number;
  email: string;
  active: Generated<boolean>;
  created_at: CreatedAt;
}

export interface PharmacovigilanceReportsTable {
  id: Id;
  lab_id: number;
  event_id: number | null;
  room_id: number | null;
  user_id: number | null;
  participant_id: number | null;
  username: string;
  session_name: Generated<string>;
  /** The table's CHECKs hold these two to the domain's values. */
  gender: 'f' | 'm';
  patient_firstname: string;
  patient_lastname: string;
  /** A date column: pg reads it as a Date at the server's local midnight, so read it with to_char. */
  patient_birthdate: ColumnType<Date, string, string>;
  patient_age_range: PatientAgeRange;
  doctor_firstname: string;
  doctor_lastname: string;
  doctor_phone: string;
  doctor_email: string;
  doctor_specialty: string;
  doctor_address: string;
  doctor_zip_code: string;
  drug_name: string;
  drug_batch_number: string;
  drug_adverse_reaction: string;
  /** The filer's electronic signature (issue 32): null for reports filed before. */
  signed_name: string | null;
  signed_at: NullableTimestamp;
  signature_meaning: 'authorship' | null;
  content_hash: Buffer | null;
  /** Archived (deleted in the back office) when set; kept with who did it. */
  deleted_at: NullableTimestamp;
  deleted_by: number | null;
  created_at: CreatedAt;
}

export interface SessionEventsTable {
  global_position: Generated<number>;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: Generated<number>;
  data: Json<unknown>;
  metadata: Json<Record<string, unknown>>;
  event_id: string;
  /** xid8 arrives as a decimal string; it can exceed 2^53, so it stays a string. */
  transaction_id: Generated<string>;
  occurred_at: CreatedAt;
}

export interface SessionStreamsTable {
  stream_id: string;
  version: number;
  updated_at: CreatedAt;
}

export interface ProjectionCheckpointsTable {
  projection: string;
  transaction_id: string;
  global_position: number;
  updated_at: CreatedAt;
}

export interface ProjectionGenerationsTable {
  projection: string;
  generation: number;
  version: number;
  status: 'building' | 'live' | 'retired';
  created_at: CreatedAt;
  live_since: NullableTimestamp;
  failed_at: NullableTimestamp;
  failed_transaction_id: string | null;
  failed_global_position: number | null;
  failed_event_id: string | null;
  error: string | null;
}

// The `sessions` projection's read models, read through views on the live generation (projections/).
// Written only by the projection, in SQL of its own: the types are what readers select.
export interface StatsSessionsView {
  room_id: number;
  session_number: number;
  lab_id: number;
  started_at: Date;
  ended_at: Date | null;
  closed: boolean;
  participant_count: number;
  consumed_ms: number;
  messages: number;
  votes: number;
  speak_requests: number;
  shares: number;
}

export interface StatsAttendanceView {
  room_id: number;
  session_number: number;
  participant_id: number;
  lab_id: number;
  name: string;
  role: string;
  intervals: { from: string; to: string | null }[];
  present_ms: number;
  talk_ms: number;
  messages: number;
  votes: number;
  speak_requests: number;
}

export interface StatsPollsView {
  room_id: number;
  poll_id: string;
  lab_id: number;
  session_number: number | null;
  title: string;
  question: string;
  options: string[];
  allow_multiple: boolean;
  counts: number[];
  voters: { participantId: number; answers: number[] }[];
  voter_count: number;
  started_at: Date | null;
  closed_at: Date | null;
}

export interface StatsDocumentSharesView {
  lab_id: number;
  document_id: number;
  name: string;
  extension: string;
  share_count: number;
}

// The `replay` projection's read models (views on the live generation).
export interface ReplaySnapshotsView {
  stream_id: string;
  version: number;
  at: Date;
  state: unknown;
  chat_total: number;
}

export interface ReplayMarkersView {
  stream_id: string;
  version: number;
  at: Date;
  kind: string;
  label: string;
}

export interface RoomSnapshotsTable {
  stream_id: string;
  version: number;
  state_version: number;
  state: Json<unknown>;
  updated_at: CreatedAt;
}

export interface InvitationLinksTable {
  id: Id;
  invitation_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: CreatedAt;
}

export interface MailLogTable {
  id: ColumnType<string, never, never>;
  job_id: string;
  lab_id: number | null;
  event_id: number | null;
  participant_id: number | null;
  kind: string;
  recipient: string;
  subject: string;
  state: Generated<'queued' | 'retrying' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A subject's data key (issue 32, erasure by crypto-shredding): deleting it erases what it sealed. */
export interface PersonalKeysTable {
  id: ColumnType<string, never, never>;
  /** participant:<id>, participant:<id>:content, user:<id>, address:<lab>:<address>. */
  subject: string;
  lab_id: number | null;
  key: ColumnType<Buffer, never, never>;
  created_at: CreatedAt;
}

/** The audit trail (issue 32): append-only, written by triggers and for sign-ins and exports. */
export interface AuditEntriesTable {
  id: Id;
  lab_id: number | null;
  at: Generated<Date>;
  actor_kind: 'user' | 'guest' | 'anonymous' | 'system';
  actor_user_id: number | null;
  actor_participant_id: number | null;
  /** Sealed (pd1:…, migration 20261129T010000): read through open_personal. */
  actor_name: string | null;
  actor_email: string | null;
  actor_roles: Generated<string[]>;
  actor_time_zone: string | null;
  action: string;
  record_type: string;
  record_id: string | null;
  changes: Json<unknown[]>;
  reason: string | null;
  via: string | null;
  /** xid8, as a decimal string (see session_events). */
  transaction_id: Generated<string>;
}

/** The ledger (issue 32, part 2): each log's leaves, written once, in order. */
export interface LedgerLeavesTable {
  log: string;
  seq: number;
  leaf_hash: Buffer;
  audit_entry_id: number | null;
}

/** Signed tree heads (C2SP checkpoints) of each log. */
export interface LedgerCheckpointsTable {
  log: string;
  size: number;
  root: Buffer;
  note: string;
  cause: 'session-ended' | 'daily' | 'export';
  created_at: CreatedAt;
}

export interface LedgerCursorsTable {
  source: 'session-log' | 'audit-trail';
  transaction_id: string;
  position: number;
}

/** A lab's consent of one kind (issue 33); its words are in consent_versions. */
export interface ConsentsTable {
  id: Id;
  lab_id: number;
  kind: 'data_processing' | 'recording' | 'contact';
  active: Generated<boolean>;
  created_at: CreatedAt;
}

/** One version of a consent's texts, never changed once written (a trigger refuses it). */
export interface ConsentVersionsTable {
  id: Id;
  consent_id: number;
  lab_id: number;
  version: number;
  required: boolean;
  text_fr: string;
  text_en: string;
  text_de: string;
  created_by: number | null;
  created_at: CreatedAt;
}

/** A guest's acceptance of a consent version: where, when, and its withdrawal. */
export interface ConsentRecordsTable {
  id: Id;
  lab_id: number;
  participant_id: number;
  consent_id: number;
  version_id: number;
  source: 'public_page' | 'invitation';
  given_at: Timestamp;
  withdrawn_at: NullableTimestamp;
  created_at: CreatedAt;
}

/** An event's attendance certificate rules (issue 33); an event without a row issues none. */
export interface CertificateRulesTable {
  event_id: number;
  lab_id: number;
  enabled: boolean;
  min_presence_percent: number;
  min_polls_answered: number;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** An attendance certificate, its figures frozen at issue; `name` is sealed (open it with open_personal). */
export interface CertificatesTable {
  id: Id;
  lab_id: number;
  event_id: number;
  participant_id: number;
  code: string;
  name: string;
  event_name: string;
  lab_name: string;
  held_at: Timestamp;
  time_zone: string;
  locale: string;
  minutes_present: number;
  event_minutes: number;
  polls_answered: number;
  issued_at: CreatedAt;
  revoked_at: NullableTimestamp;
  revoked_reason: string | null;
  revoked_by: number | null;
}

/** An event's registration form (issue 33, part 5); an event without a row takes no registrations. */
export interface RegistrationFormsTable {
  event_id: number;
  lab_id: number;
  enabled: boolean;
  capacity: number | null;
  approval: boolean;
  consent_kinds: string[];
  fields: ColumnType<unknown, string, string>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** A guest's registration for a public event: an address claimed until confirmed, then its place. */
export interface RegistrationsTable {
  id: Id;
  lab_id: number;
  event_id: number;
  participant_id: number | null;
  status: 'unconfirmed' | 'pending' | 'registered' | 'waitlisted' | 'refused' | 'cancelled' | 'removed';
  email: string;
  first_name: string;
  last_name: string;
  locale: 'fr' | 'en' | 'de';
  time_zone: string;
  answers: ColumnType<unknown, string, string>;
  consent_version_ids: ColumnType<string[], number[] | undefined, number[]>;
  confirm_token_hash: string | null;
  confirm_expires_at: NullableTimestamp;
  created_at: CreatedAt;
  confirmed_at: NullableTimestamp;
  waitlisted_at: NullableTimestamp;
  decided_at: NullableTimestamp;
  refusal_reason: string | null;
}

/** One change of a registration, never changed: what the statistics' funnel counts. */
export interface RegistrationEventsTable {
  id: Id;
  lab_id: number;
  event_id: number;
  registration_id: number;
  kind: string;
  by_user_id: number | null;
  at: CreatedAt;
}

export interface Database {
  labs: LabsTable;
  personal_keys: PersonalKeysTable;
  audit_entries: AuditEntriesTable;
  ledger_leaves: LedgerLeavesTable;
  ledger_checkpoints: LedgerCheckpointsTable;
  ledger_cursors: LedgerCursorsTable;
  lab_modules: LabModulesTable;
  roles: NamedTable;
  permissions: NamedTable;
  users: UsersTable;
  user_roles: UserRolesTable;
  user_permissions: UserPermissionsTable;
  groups: GroupsTable;
  group_users: GroupUsersTable;
  refresh_tokens: RefreshTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  email_changes: EmailChangesTable;
  medias: MediasTable;
  events: EventsTable;
  event_medias: EventMediasTable;
  rooms: RoomsTable;
  media_room_servers: MediaRoomServersTable;
  participants: ParticipantsTable;
  event_invitations: EventInvitationsTable;
  deployment_schedulers: DeploymentSchedulersTable;
  email_templates: EmailTemplatesTable;
  polls: PollsTable;
  documents: DocumentsTable;
  document_downloads: DocumentDownloadsTable;
  group_medias: GroupLinkTable & { media_id: number };
  group_documents: GroupLinkTable & { document_id: number };
  group_polls: GroupLinkTable & { poll_id: number };
  pharmacovigilance_receivers: PharmacovigilanceReceiversTable;
  pharmacovigilance_reports: PharmacovigilanceReportsTable;
  session_events: SessionEventsTable;
  session_streams: SessionStreamsTable;
  projection_checkpoints: ProjectionCheckpointsTable;
  projection_generations: ProjectionGenerationsTable;
  stats_sessions: StatsSessionsView;
  stats_attendance: StatsAttendanceView;
  stats_polls: StatsPollsView;
  stats_document_shares: StatsDocumentSharesView;
  replay_snapshots: ReplaySnapshotsView;
  replay_markers: ReplayMarkersView;
  room_snapshots: RoomSnapshotsTable;
  mail_log: MailLogTable;
  invitation_links: InvitationLinksTable;
  consents: ConsentsTable;
  consent_versions: ConsentVersionsTable;
  consent_records: ConsentRecordsTable;
  certificate_rules: CertificateRulesTable;
  certificates: CertificatesTable;
  registration_forms: RegistrationFormsTable;
  registrations: RegistrationsTable;
  registration_events: RegistrationEventsTable;
}
