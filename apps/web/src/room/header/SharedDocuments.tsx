// The documents shared in the room, for everyone, each with a download button.
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon.tsx';
import { documentFileName, saveBlob } from '../../components/saveBlob.ts';
import { useRoom, useRoomState } from '../roomContext.ts';
import { useItemAction } from '../useItemAction.ts';
import { DocumentsError } from './DocumentsError.tsx';

export function SharedDocuments() {
  const { t } = useTranslation('room');
  const { api, roomId } = useRoom();
  const documents = useRoomState((state) => state.sharedDocuments);
  const { pending, error, run } = useItemAction();
  const download = (id: number, fileName: string) =>
    run(
      id,
      async () => saveBlob(await api.rooms.downloadDocument(id, { roomId }), fileName),
      (reason) => t('documents.downloadFailed', { reason }),
    );

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
                  disabled={pending === document.id}
                  aria-busy={pending === document.id}
                  onClick={() => void download(document.id, fileName)}
                >
                  <Icon name="download" size={18} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <DocumentsError error={error} />
    </section>
  );
}
