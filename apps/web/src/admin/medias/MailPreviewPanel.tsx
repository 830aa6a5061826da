// A mail template's preview (issue 28): the server fills it from its sample event with the code the
// mails use, and the panel shows its subject and its HTML part as a guest's mail program would, in a
// frame of its own (sandboxed: the mail's links do not navigate the back office). The last preview stays
// while the next one loads, or while the text is not valid.
import type { MailTemplateSlot } from '@lablive/client';
import type { MailTemplateForm } from '@lablive/domain';
import { useTranslation } from 'react-i18next';
import { useMailPreview } from '../resources/mailTemplates.ts';

/** The mail's HTML part as a document: the page's font, readable widths. */
const frameDocument = (html: string, language: string) =>
  `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><style>body{font:15px/1.5 system-ui,sans-serif;color:#1d2433;margin:12px;overflow-wrap:anywhere}a{color:#2450b2}</style></head><body>${html}</body></html>`;

export function MailPreviewPanel({ slot, form }: { slot: MailTemplateSlot; form: MailTemplateForm | null }) {
  const { t } = useTranslation('admin');
  const preview = useMailPreview(slot, form);
  const shown = preview.data;
  return (
    <section
      className="mail-template-preview"
      aria-labelledby="mail-template-preview-title"
      data-testid="mail-template-preview"
    >
      <h4 id="mail-template-preview-title">{t('mailTemplates.preview')}</h4>
      <p className="field-hint">{t('mailTemplates.previewHint')}</p>
      {preview.isError && form !== null ? (
        <p className="field-error">{t('mailTemplates.previewFailed')}</p>
      ) : shown === undefined ? (
        <p className="muted">{t('mailTemplates.previewWaiting')}</p>
      ) : (
        <>
          <p className="mail-template-preview-subject" data-testid="mail-template-preview-subject">
            {t('mailTemplates.previewSubject', { subject: shown.subject })}
          </p>
          <iframe
            title={t('mailTemplates.previewFrame')}
            sandbox=""
            srcDoc={frameDocument(shown.html, slot.locale)}
            data-testid="mail-template-preview-frame"
          />
        </>
      )}
    </section>
  );
}
