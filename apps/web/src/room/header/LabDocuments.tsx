// The lab's documents, for animators: share one with the room or take it back. The room state says
// what is shared now, so every animator's panel agrees without reloading the list.
import type { LabDocument } from '@lablive/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/Spinner.tsx';
import { documentFileName } from '../../components/saveBlob.ts';
import { toFailure } from '../../failure.ts';
import { describeFailure } from '../../i18n/messages.ts';
import { useRoom, useRoomState } from '../roomContext.ts';
import { useItemAction } from '../useItemAction.ts';
import { DocumentsError } from './DocumentsError.tsx';

type LabList =
  | { status: 'loading' }
  | { status: 'loaded'; documents: LabDocument[] }
  | { status: 'failed'; reason: string };

export function LabDocuments() {
  const { t } = useTranslation('room');
  const { t: tCommon } = useTranslation();
  const { api, roomId } = useRoom();
  const shared = useRoomState((state) => state.sharedDocuments);
  const [list, setList] = useState<LabList>({ status: 'loading' });
  const { pending, error, run } = useItemAction();

  useEffect(() => {
    const controller = new AbortController();
    api.rooms.labDocuments({ signal: controller.signal }).then(
      (documents) => setList({ status: 'loaded', documents }),
      (failure: unknown) => {
        if (controller.signal.aborted) return;
        setList({ status: 'failed', reason: describeFailure(tCommon, toFailure(failure)) });
      },
    );
    // The panel mounts this list when it opens: one request per opening.
    return () => controller.abort();
  }, [api, tCommon]);

  const change = (documentId: number, share: boolean) =>
    run(
      documentId,
      () =>
        share
          ? api.rooms.shareDocuments(roomId, [documentId])
          : api.rooms.unshareDocument(roomId, documentId),
      (reason) => t(share ? 'documents.shareFailed' : 'documents.unshareFailed', { reason }),
    );

  return (
    <section
      className="documents-section"
      aria-labelledby="documents-lab-title"
      aria-busy={list.status === 'loading'}
    >
      <h3 id="documents-lab-title">{t('documents.lab')}</h3>
      {list.status === 'loading' && <Spinner />}
      <DocumentsError
        error={list.status === 'failed' ? t('documents.labFailed', { reason: list.reason }) : null}
      />
      {list.status === 'loaded' && list.documents.length === 0 && (
        <p className="muted">{t('documents.noneInLab')}</p>
      )}
      {list.status === 'loaded' && list.documents.length > 0 && (
        <ul className="documents-list">
          {list.documents.map((document) => {
            const isShared = shared.some((item) => item.id === document.id);
            const fileName = documentFileName(document.name, document.extension);
            return (
              <li key={document.id} className="documents-item">
                <span className="documents-name">{fileName}</span>
                <button
                  type="button"
                  className={isShared ? 'button button-small' : 'button button-small button-primary'}
                  data-testid={isShared ? `document-unshare-${document.id}` : `document-share-${document.id}`}
                  aria-label={t(isShared ? 'documents.unshareNamed' : 'documents.shareNamed', {
                    name: fileName,
                  })}
                  disabled={pending === document.id}
                  aria-busy={pending === document.id}
                  onClick={() => void change(document.id, !isShared)}
                >
                  {t(isShared ? 'documents.unshare' : 'documents.share')}
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
