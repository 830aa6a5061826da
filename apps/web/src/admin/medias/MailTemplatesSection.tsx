// A media's mail templates in its form (issue 28): a grid of the kinds of mail a media may word by the
// languages LabLive writes, each cell saying whether the media has its own wording there or LabLive's;
// choosing a cell opens its editor below (MailTemplateEditor). Shown for the lab's own medias only: a
// shared media's templates are the platform's.
import type { MailTemplateSlot } from '@lablive/client';
import {
  LOCALES,
  type Locale,
  MEDIA_TEMPLATE_KINDS,
  type MediaMailTemplate,
  type MediaTemplateKind,
} from '@lablive/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoadedQuery } from '../../queries/loaded.ts';
import { LoadedView } from '../LoadedView.tsx';
import { useMailTemplates } from '../resources/mailTemplates.ts';
import { MailTemplateEditor } from './MailTemplateEditor.tsx';
import './mailTemplates.css';

type Cell = { kind: MediaTemplateKind; locale: Locale };

export function MailTemplatesSection({ mediaId }: { mediaId: number }) {
  const { t } = useTranslation('admin');
  const { state } = useLoadedQuery(useMailTemplates(mediaId));
  const [chosen, setChosen] = useState<Cell | null>(null);
  return (
    <section
      className="form-section mail-templates"
      aria-labelledby="mail-templates-title"
      data-testid="mail-templates"
    >
      <h2 id="mail-templates-title">{t('mailTemplates.title')}</h2>
      <p className="field-hint">{t('mailTemplates.intro')}</p>
      <LoadedView state={state} errorTestId="mail-templates-error">
        {(templates) => {
          const slot: MailTemplateSlot | null = chosen && { mediaId, ...chosen };
          const template =
            chosen && templates.find((one) => one.kind === chosen.kind && one.locale === chosen.locale);
          return (
            <>
              <TemplateGrid templates={templates} chosen={chosen} onChoose={setChosen} />
              {slot === null ? (
                <p className="muted">{t('mailTemplates.choose')}</p>
              ) : (
                <MailTemplateEditor
                  key={`${slot.kind}-${slot.locale}`}
                  slot={slot}
                  template={template ?? null}
                />
              )}
            </>
          );
        }}
      </LoadedView>
    </section>
  );
}

/** The kinds by the languages: which have the media's own wording; the chosen cell pressed. */
function TemplateGrid(props: {
  templates: readonly MediaMailTemplate[];
  chosen: Cell | null;
  onChoose: (cell: Cell) => void;
}) {
  const { t } = useTranslation('admin');
  const has = (cell: Cell) =>
    props.templates.some((one) => one.kind === cell.kind && one.locale === cell.locale);
  return (
    <div className="mail-templates-grid">
      <table>
        <caption className="visually-hidden">{t('mailTemplates.grid')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('mailTemplates.kind')}</th>
            {LOCALES.map((locale) => (
              <th key={locale} scope="col" className="mail-templates-language">
                <abbr title={t(`mailTemplates.languages.${locale}`)}>{locale.toUpperCase()}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {MEDIA_TEMPLATE_KINDS.map((kind) => (
            <tr key={kind}>
              <th scope="row">{t(`mailTemplates.kinds.${kind}`)}</th>
              {LOCALES.map((locale) => {
                const own = has({ kind, locale });
                const state = own ? t('mailTemplates.own') : t('mailTemplates.standard');
                const pressed = props.chosen?.kind === kind && props.chosen.locale === locale;
                return (
                  <td key={locale} className="mail-templates-language">
                    <button
                      type="button"
                      className={`mail-template-cell${own ? ' is-own' : ''}`}
                      aria-pressed={pressed}
                      aria-label={t('mailTemplates.cellLabel', {
                        kind: t(`mailTemplates.kinds.${kind}`),
                        language: t(`mailTemplates.languages.${locale}`),
                        state,
                      })}
                      data-testid={`mail-template-${kind}-${locale}`}
                      data-own={own}
                      onClick={() => props.onChoose({ kind, locale })}
                    >
                      {state}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
