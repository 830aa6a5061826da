// The documents shared in the room, for everyone, each with a download button.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon.tsx';
import { documentFileName, saveBlob } from '../../components/saveBlob.ts';
import { toFailure } from '../../failure.ts';
import { describeFailure } from '../../i18n/messages.ts';
import { useRoom, useRoomState } from '../roomContext.ts';

export function SharedDocuments() {
  const { t } = useTranslation('room');
  const { t: tCommon } = useTranslation();
  const { api, roomId } = useRoom();
  const documents = useRoomState((state) => state.sharedDocuments);
  const [downloading, setDownloading] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function download(id: number, fileName: string) {
    setDownloading(id);
    setError(null);
    try {
      saveBlob(await api.rooms.downloadDocument(id, { roomId }), fileName);
    } catch (failure) {
      setError(t('documents.downloadFailed', { reason: describeFailure(tCommon, toFailure(failure)) }));
    } finally {
      setDownloading(null);
    }
  }

  return (
    <section className="documents-section" aria-labelledby="documents-shared-title">
      <h3 id="documents-shared-title">{t('documents.shared')}</h3>
      {documents.length === 0 ? (
        <p className="muted" data-testid="documents-none">
          {t('documents.noneShared')}
        </p>
      ) : (
        <ul className="documents-list">
          {documents.map((document) => {
            const fileName = documentFileName(document.name, document.extension);
            return (
              <li key={document.id} className="documents-item" data-testid={`document-shared-${document.id}`}>
                <span className="documents-name">{fileName}</span>
                <button
                  type="button"
                  className="icon-button"
                  data-testid={`document-download-${document.id}`}
                  aria-label={t('documents.download', { name: fileName })}
                  title={t('documents.download', { name: fileName })}
                  disabled={downloading === document.id}
                  aria-busy={downloading === document.id}
                  onClick={() => void download(document.id, fileName)}
                >
                  <Icon name="download" size={18} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {error !== null && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
