// How an agency builds a media for the room's stage, in the form where the media is set (issue 28: the
// help points at the app, not at a source file). The messages are the protocol's own (docs/protocol.md,
// "Embedding a media"): the room sends the presentation, the media reports its loading.
import { useTranslation } from 'react-i18next';

const SENT = '{ "type": "lablive.presentation", "scene": "quiz", "step": 2, "spectator": false }';
const ACCEPTED = [
  '{ "type": "lablive.progress", "percent": 40 }',
  '{ "type": "lablive.ready" }',
  '{ "type": "lablive.error", "message": "WebGL is not available." }',
].join('\n');

export function EmbeddingHelp() {
  const { t } = useTranslation('admin');
  return (
    <details className="media-protocol-note" data-testid="media-embedding-help">
      <summary>{t('mediaForm.embedding.summary')}</summary>
      <p className="field-hint">{t('mediaForm.embedding.frame')}</p>
      <p className="field-hint">{t('mediaForm.embedding.sends')}</p>
      <pre>
        <code>{SENT}</code>
      </pre>
      <p className="field-hint">{t('mediaForm.embedding.accepts')}</p>
      <pre>
        <code>{ACCEPTED}</code>
      </pre>
      <p className="field-hint">{t('mediaForm.embedding.source')}</p>
    </details>
  );
}
