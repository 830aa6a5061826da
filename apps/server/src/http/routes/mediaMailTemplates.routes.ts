// A media's own mail templates (issue 28): the media form lists them, saves one per kind and language,
// removes one (the mails go back to LabLive's wording) and previews one filled from a sample event.
// Who may call them is the access table's (manage events, as the media itself); the rules are the
// service's (medias/mediaMailTemplates.ts).
import {
  idParamsSchema,
  mailPreviewSchema,
  mailTemplateFormSchema,
  mailTemplateParamsSchema,
  mediaMailTemplateSchema,
  noContentSchema,
} from '@lablive/domain';
import { z } from 'zod';
import type { MediaMailTemplates } from '../../medias/mediaMailTemplates.ts';
import { signedInPlugin } from '../routeDeclarations.ts';

const SLOT = '/medias/:id/email-templates/:kind/:locale';

const TEMPLATE_HELP =
  'The subject (one line) and the plain-text body, with the placeholders {{name}}, {{event}}, {{date}}, {{link}} and {{calendarLink}}; any other placeholder is refused (400 naming the field).';

export const mediaMailTemplatesRoutes = signedInPlugin(
  (route, { mediaTemplates }: { mediaTemplates: MediaMailTemplates }) => {
    route.get(
      '/medias/:id/email-templates',
      {
        description:
          "The media's own mail templates, one per kind and language; a kind and language without one is mailed in LabLive's wording.",
        params: idParamsSchema,
        response: { 200: z.array(mediaMailTemplateSchema) },
      },
      ({ principal }, request) => mediaTemplates.list(principal, request.params.id),
    );

    route.put(
      SLOT,
      {
        description: `Saves the media's template for a kind of mail (invitation, reminder, event_update, event_cancelled) and a language: the next such mails about an event showing the media use it. ${TEMPLATE_HELP}`,
        params: mailTemplateParamsSchema,
        body: mailTemplateFormSchema,
        response: { 200: mediaMailTemplateSchema },
      },
      ({ principal }, request) => mediaTemplates.save(principal, request.params, request.body),
    );

    route.delete(
      SLOT,
      {
        description:
          "Removes the template: those mails go back to LabLive's wording (404 when there was none).",
        params: mailTemplateParamsSchema,
        response: { 204: noContentSchema },
      },
      ({ principal }, request) => mediaTemplates.remove(principal, request.params),
    );

    route.post(
      `${SLOT}/preview`,
      {
        description: `The template (saved or not) filled from a sample event (a week from today at 14:00 in the lab's time zone, a sample guest and sample links), as a guest would read it: subject, text and HTML. ${TEMPLATE_HELP}`,
        params: mailTemplateParamsSchema,
        body: mailTemplateFormSchema,
        response: { 200: mailPreviewSchema },
      },
      ({ principal }, request) => mediaTemplates.preview(principal, request.params, request.body),
    );
  },
);
