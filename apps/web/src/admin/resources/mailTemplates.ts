// A media's own mail templates (issue 28): the ones it has (loaded on each visit of its form: another
// manager may have written one meanwhile) and a template's preview, filled by the server from its
// sample event, kept on screen while the next one loads.
import type { MailTemplateSlot } from '@lablive/client';
import type { MailTemplateForm } from '@lablive/domain';
import { useQuery } from '@tanstack/react-query';
import { mailTemplatesApi } from '../adminApi.ts';
import { visitQuery } from './resourceQuery.ts';

export const mailTemplateKeys = {
  all: ['mail-templates'] as const,
  of: (mediaId: number) => ['mail-templates', mediaId] as const,
  preview: (slot: MailTemplateSlot, form: MailTemplateForm | null) =>
    ['mail-templates', slot.mediaId, 'preview', slot.kind, slot.locale, form] as const,
};

export const useMailTemplates = (mediaId: number) =>
  useQuery(
    visitQuery(mailTemplateKeys.of(mediaId), (signal) => mailTemplatesApi.templates(mediaId, { signal })),
  );

/** The preview of `form` (null: nothing valid to preview yet, the last preview stays shown). */
export const useMailPreview = (slot: MailTemplateSlot, form: MailTemplateForm | null) =>
  useQuery(
    visitQuery(
      mailTemplateKeys.preview(slot, form),
      (signal) => mailTemplatesApi.preview(slot, form ?? { subject: '', body: '' }, { signal }),
      { enabled: form !== null, keepPrevious: true },
    ),
  );
