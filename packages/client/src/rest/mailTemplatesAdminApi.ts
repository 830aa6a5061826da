// The REST calls of a media's own mail templates (issue 28): listed, saved and removed per kind and
// language, and previewed filled from the server's sample event. Every answer is parsed with the
// domain's schema.
import {
  type Locale,
  type MailTemplateForm,
  type MediaTemplateKind,
  mailPreviewSchema,
  mediaMailTemplateSchema,
} from '@lablive/domain';
import { z } from 'zod';
import { authorizedCalls } from './authorizedCalls.ts';
import type { RequestOptions, Transport } from './httpTransport.ts';

/** Which template: the media, the kind of mail and its language. */
export type MailTemplateSlot = { mediaId: number; kind: MediaTemplateKind; locale: Locale };

const slotPath = ({ mediaId, kind, locale }: MailTemplateSlot) =>
  `/api/medias/${mediaId}/email-templates/${kind}/${locale}`;

export function createMailTemplatesAdminApi(transport: Transport) {
  const { get, send, remove } = authorizedCalls(transport);
  return {
    templates: (mediaId: number, options?: RequestOptions) =>
      get(`/api/medias/${mediaId}/email-templates`, z.array(mediaMailTemplateSchema), options),
    save: (slot: MailTemplateSlot, form: MailTemplateForm, options?: RequestOptions) =>
      send('PUT', slotPath(slot), form, mediaMailTemplateSchema, options),
    /** The media's mails of that kind and language go back to LabLive's wording. */
    remove: (slot: MailTemplateSlot, options?: RequestOptions) => remove(slotPath(slot), options),
    preview: (slot: MailTemplateSlot, form: MailTemplateForm, options?: RequestOptions) =>
      send('POST', `${slotPath(slot)}/preview`, form, mailPreviewSchema, options),
  };
}

export type MailTemplatesAdminApi = ReturnType<typeof createMailTemplatesAdminApi>;
