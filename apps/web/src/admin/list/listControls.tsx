// The controls around the back office's one list (AdminList.tsx): the toolbar (page size, Remove the
// checked rows), the pager (numbered, or "page n of m") and the removal's confirmation in the spec's words.
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ConfirmDialog.tsx';

export function ListToolbar(props: {
  testId: string;
  pageSizes: readonly number[];
  pageSize: number;
  onPageSize: (size: number) => void;
  /** How many rows are checked; null when the list removes nothing. */
  selectedCount: number | null;
  onRemoveSelected: (from: HTMLButtonElement) => void;
}) {
  const { t } = useTranslation('admin');
  const { testId, selectedCount } = props;
  if (props.pageSizes.length < 2 && selectedCount === null) return null;
  return (
    <div className="admin-list-toolbar">
      {props.pageSizes.length > 1 && (
        <label className="admin-list-size">
          <span>{t('list.pageSize')}</span>
          <select
            value={props.pageSize}
            data-testid={`${testId}-page-size`}
            onChange={(event) => props.onPageSize(Number(event.target.value))}
          >
            {props.pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
      )}
      {selectedCount !== null && (
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={selectedCount === 0}
          data-testid={`${testId}-remove`}
          onClick={(event) => props.onRemoveSelected(event.currentTarget)}
        >
          {selectedCount > 0 ? t('list.removeCount', { count: selectedCount }) : t('list.remove')}
        </button>
      )}
    </div>
  );
}

export function ListPager(props: {
  label: string;
  testId: string;
  pageIndex: number;
  pageCount: number;
  numbered: boolean;
  onPage: (pageIndex: number) => void;
}) {
  const { t } = useTranslation('admin');
  const { testId, pageIndex, pageCount } = props;
  if (pageCount <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('list.pagination', { label: props.label })}>
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={pageIndex === 0}
        onClick={() => props.onPage(pageIndex - 1)}
      >
        {t('participants.previous')}
      </button>
      {props.numbered ? (
        Array.from({ length: pageCount }, (_, index) => index + 1).map((number) => (
          <button
            key={number}
            type="button"
            className="button button-secondary button-small"
            aria-current={number === pageIndex + 1 ? 'page' : undefined}
            aria-label={t('participants.page', { page: number })}
            data-testid={`${testId}-page-${number}`}
            onClick={() => props.onPage(number - 1)}
          >
            {number}
          </button>
        ))
      ) : (
        <span data-testid={`${testId}-page`}>
          {t('list.pageOf', { page: pageIndex + 1, pages: pageCount })}
        </span>
      )}
      <button
        type="button"
        className="button button-secondary button-small"
        disabled={pageIndex >= pageCount - 1}
        data-testid={`${testId}-next`}
        onClick={() => props.onPage(pageIndex + 1)}
      >
        {t('participants.next')}
      </button>
    </nav>
  );
}

/**
 * The spec's confirmation of a removal, with the reason the audit trail keeps when `askReason`; the focus
 * goes back where `onClosed` says.
 */
export function RemovalDialog(props: {
  testId: string;
  removing: string[] | null;
  confirmMessage: ((count: number) => string) | undefined;
  askReason: boolean;
  onClose: () => void;
  onConfirm: (reason: string | undefined) => Promise<void>;
  onClosed: () => void;
}) {
  const { t } = useTranslation('admin');
  const count = props.removing?.length ?? 1;
  return (
    <ConfirmDialog
      open={props.removing !== null}
      onOpenChange={(open) => {
        if (!open) props.onClose();
      }}
      title={t('list.remove')}
      message={props.confirmMessage?.(count) ?? t('list.confirmRemove', { count })}
      confirmLabel={t('list.validate')}
      onConfirm={props.onConfirm}
      askReason={props.askReason}
      testId={`${props.testId}-confirm`}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        props.onClosed();
      }}
    />
  );
}
