// The documents page (/admin/documents; back-office spec 2.7): 'Manage Documents', the lab's uploads,
// newest first, 5, 15, 30 or 50 a page: each name edited in place (Enter or leaving the field saves it,
// shown at once, put back with a visible error when refused), its type, size and date, a download and
// an edit button (a new file); deleted one by one or checked and removed together, with the spec's
// confirmations. 'Add document' opens the upload form. The room's animators share these documents.
import { type AdminDocument, DOCUMENT_PAGE_SIZES, documentNameSchema } from '@lablive/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Icon } from '../../components/Icon.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { documentFileName, saveBlob } from '../../components/saveBlob.ts';
import { useToast } from '../../components/toasts/useToast.ts';
import { toFailure } from '../../failure.ts';
import { useFormat } from '../../format/useFormat.ts';
import { describeFailure } from '../../i18n/messages.ts';
import { useLoadedQuery } from '../../queries/loaded.ts';
import { useInvalidate } from '../../queries/useInvalidate.ts';
import { documentsApi } from '../adminApi.ts';
import { ListPage } from '../ListPage.tsx';
import { AdminList } from '../list/AdminList.tsx';
import { inlineTextColumn } from '../list/inlineTextColumn.tsx';
import { removeOneOrMany } from '../list/removeOneOrMany.ts';
import { useOptimisticRows } from '../list/useOptimisticRows.ts';
import { useSchemaProblem } from '../list/useSchemaProblem.ts';
import { documentKeys, useDocuments } from '../resources/documents.ts';
import './documents.css';

export function DocumentsPage() {
  const { t } = useTranslation('admin');
  const { state } = useLoadedQuery(useDocuments());
  return (
    <ListPage
      titleId="documents-title"
      title={t('documents.title')}
      add={{ to: '/admin/documents/create', label: t('documents.add'), testId: 'add-document' }}
      intro={t('documents.intro')}
      state={state}
      errorTestId="documents-error"
    >
      {(documents) => (
        <div className="documents-list actions-end-on-phone">
          <Documents loaded={documents} />
        </div>
      )}
    </ListPage>
  );
}

const documentId = (document: AdminDocument) => String(document.id);

function Documents({ loaded }: { loaded: readonly AdminDocument[] }) {
  const format = useFormat();
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const toast = useToast();
  const invalidate = useInvalidate();
  const list = useOptimisticRows<AdminDocument>(loaded, documentId, () =>
    invalidate.markStale(documentKeys.all),
  );
  const [downloading, setDownloading] = useState<number | null>(null);
  const nameProblem = useSchemaProblem(documentNameSchema);

  async function download(document: AdminDocument) {
    setDownloading(document.id);
    try {
      saveBlob(await documentsApi.download(document.id), documentFileName(document.name, document.extension));
    } catch (error) {
      toast.show({ title: describeFailure(t, toFailure(error)), tone: 'error' });
    } finally {
      setDownloading(null);
    }
  }

  return (
    <AdminList<AdminDocument>
      label={ta('documents.list')}
      testId="documents"
      rows={list.rows}
      rowId={documentId}
      rowName={(document) => document.name}
      pageSizes={DOCUMENT_PAGE_SIZES}
      empty={ta('documents.none')}
      columns={[
        inlineTextColumn({
          id: 'name',
          header: ta('documents.name'),
          testId: 'document-name',
          value: (document) => document.name,
          label: (document) => ta('documents.nameOf', { name: document.name }),
          validate: nameProblem,
          commit: (document, name) =>
            void list.change(documentId(document), { name }, () => documentsApi.rename(document.id, name)),
        }),
        {
          id: 'type',
          header: ta('documents.type'),
          narrow: true,
          cell: (document) => (
            <span className="document-type" title={document.content_type}>
              {document.extension.toUpperCase()}
            </span>
          ),
        },
        {
          id: 'size',
          header: ta('documents.size'),
          narrow: true,
          cell: (document) => <span className="document-size">{format.size(document.size_bytes)}</span>,
        },
        {
          id: 'created',
          header: ta('documents.created'),
          narrow: true,
          cell: (document) => <time dateTime={document.created_at}>{format.day(document.created_at)}</time>,
        },
      ]}
      rowActions={(document) => (
        <>
          <button
            type="button"
            className="button button-secondary button-small"
            aria-label={ta('documents.downloadNamed', { name: document.name })}
            aria-busy={downloading === document.id}
            disabled={downloading === document.id}
            data-testid="document-download"
            onClick={() => void download(document)}
          >
            {downloading === document.id ? (
              <Spinner />
            ) : (
              <Icon name="download" size={16} className="admin-list-icon" />
            )}
          </button>
          <Link
            to={`/admin/documents/${document.id}`}
            className="button button-secondary button-small"
            aria-label={ta('documents.editNamed', { name: document.name })}
            data-testid="document-edit"
          >
            {ta('documents.edit')}
          </Link>
        </>
      )}
      onRemove={async (ids, reason) => {
        await list.remove(ids, () =>
          removeOneOrMany(ids, documentsApi.remove, documentsApi.removeMany, reason),
        );
        toast.show({ title: ta('documents.removed', { count: ids.length }), tone: 'success' });
      }}
    />
  );
}
