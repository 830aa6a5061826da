// The mail log (issue 16): what LabLive wrote to whom, and how it went. Every mail goes through the job
// queue; its row says what kind of mail it is, its recipient and subject, and its state: queued (not
// sent yet), retrying (the mail server refused it; another attempt is due), sent, or failed (every
// attempt refused: kept with its last error).
import { z } from 'zod';

export const MAIL_KINDS = [
  'invitation',
  'reminder',
  'event_update',
  'event_cancelled',
  'password_reset',
  'pharmacovigilance',
  /** The reporter's acknowledgement of a filed report, with its reference. */
  'pharmacovigilance_ack',
  /** A new back-office user's link to set their own password (docs/adr/0004). */
  'set_password',
  /** The link that confirms a new sign-in address, sent to it (issue 26). */
  'email_change',
  /** The old address told of a change of sign-in address. */
  'email_change_notice',
  /** A fresh personal link, asked for from a used or expired one (issue 26). */
  'personal_link',
  /** An attendance certificate, with its PDF, after the event closed (issue 33). */
  'certificate',
  /** A registration for a public event (issue 33): the address's confirmation link, its place, its end. */
  'registration',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_STATES = ['queued', 'retrying', 'sent', 'failed'] as const;
export type MailState = (typeof MAIL_STATES)[number];

export const mailLogEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(MAIL_KINDS),
  recipient: z.string(),
  subject: z.string(),
  participant_id: z.number().int().nullable(),
  state: z.enum(MAIL_STATES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MailLogEntry = z.infer<typeof mailLogEntrySchema>;

export const mailLogSchema = z.array(mailLogEntrySchema);
