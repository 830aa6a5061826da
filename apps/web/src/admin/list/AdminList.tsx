// The back office's one list (back-office spec 4, "List screens"; architecture: "Lists share one table
// component"): pages with the spec's page sizes (a new size goes back to the first page), a checkbox per
// row and for the page, a Remove button for the checked rows and a delete icon per row, both confirmed
// in the spec's words, an optional expand toggle per row. Rows come whole (the list pages them) or a
// page at a time from the server. TanStack Table keeps the pages and the selection; the markup, the
// words and the accessibility are ours.
import {
  createPaginatedRowModel,
  type PaginationState,
  type RowData,
  type RowSelectionState,
  rowPaginationFeature,
  rowSelectionFeature,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { Fragment, type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import './adminList.css';

export type ListColumn<Row> = {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** A column that shrinks to its content (a date, a switch). */
  narrow?: boolean;
};

/** The server pages the rows: `rows` is the current page, `total` how many there are in all. */
export type ServerPaging = {
  total: number;
  page: PaginationState;
  onPageChange: (page: PaginationState) => void;
};

export type AdminListProps<Row> = {
  /** The table's accessible name (its caption). */
  label: string;
  testId: string;
  rows: readonly Row[];
  rowId: (row: Row) => string;
  /** How a row is named to a screen reader ("Select <name>", "Delete <name>"). */
  rowName: (row: Row) => string;
  columns: readonly ListColumn<Row>[];
  pageSizes: readonly number[];
  /** Absent: the list pages `rows` itself. */
  serverPaging?: ServerPaging;
  /** Removes rows (after the confirmation); a failure is shown in the dialog. */
  onRemove?: (ids: string[]) => Promise<void>;
  /** The row's detail, under it, behind an expand toggle. */
  expanded?: (row: Row) => ReactNode;
  /** More buttons at the end of a row. */
  rowActions?: (row: Row) => ReactNode;
  /** Data attributes of a row's <tr> (`{ 'data-event-id': '12' }`), for tests and styles. */
  rowData?: (row: Row) => Record<`data-${string}`, string>;
  /** A row being saved: shown, but not selectable nor removable yet. */
  pending?: (row: Row) => boolean;
  /** The removal's question for `count` rows, when the list's own words ("this element") are not. */
  confirmMessage?: (count: number) => string;
  empty: string;
};

const features = tableFeatures({
  rowPaginationFeature,
  rowSelectionFeature,
  paginatedRowModel: createPaginatedRowModel(),
});

// The list renders every cell itself; the table only pages and selects.
const NO_COLUMNS: never[] = [];

/** The delete icon, drawn inline: an emoji would depend on the system's fonts (a blank box without). */
function TrashIcon() {
  return (
    <svg
      className="admin-list-icon"
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </svg>
  );
}

export function AdminList<Row extends RowData>(props: AdminListProps<Row>) {
  const { label, testId, rows, rowId, rowName, columns, pageSizes, serverPaging, onRemove } = props;
  const { t } = useTranslation('admin');
  const captionId = useId();
  const [ownPage, setOwnPage] = useState<PaginationState>({ pageIndex: 0, pageSize: pageSizes[0] ?? 10 });
  const page = serverPaging?.page ?? ownPage;
  const setPage = serverPaging?.onPageChange ?? setOwnPage;
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [expandedIds, setExpandedIds] = useState<ReadonlySet<string>>(new Set());
  const [removing, setRemoving] = useState<string[] | null>(null);
  // The confirmation opens without a trigger of its own: the focus goes back to the button that opened
  // it, or to the table when the removal took that button away (a row's icon) or disabled it (Remove).
  const opener = useRef<HTMLButtonElement | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  function confirmRemoval(ids: string[], from: HTMLButtonElement) {
    opener.current = from;
    setRemoving(ids);
  }
  const data = useMemo(() => [...rows], [rows]);

  const table = useTable({
    features,
    columns: NO_COLUMNS,
    data,
    getRowId: (row: Row) => rowId(row),
    enableRowSelection: (row) => !(props.pending?.(row.original) ?? false),
    state: { pagination: page, rowSelection },
    onPaginationChange: (updater) => setPage(typeof updater === 'function' ? updater(page) : updater),
    onRowSelectionChange: setRowSelection,
    manualPagination: serverPaging !== undefined,
    ...(serverPaging ? { rowCount: serverPaging.total } : {}),
    autoResetPageIndex: false,
  });

  const pageRows = table.getRowModel().rows;
  const pageCount = Math.max(1, table.getPageCount());
  // Selection outlives a page (the ids stay checked); only rows still listed count.
  const listed = new Set(data.map(rowId));
  const selectedIds = Object.keys(rowSelection).filter((id) => rowSelection[id] && listed.has(id));
  // Rows are checked only to be removed: a list that removes nothing has no checkboxes.
  const selectable = onRemove !== undefined;
  const hasActions = selectable || props.rowActions !== undefined;
  const columnCount = columns.length + (selectable ? 1 : 0) + (props.expanded ? 1 : 0) + (hasActions ? 1 : 0);

  function toggleExpanded(id: string) {
    setExpandedIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  async function remove(ids: string[]) {
    await onRemove?.(ids);
    setRowSelection((current) =>
      Object.fromEntries(Object.entries(current).filter(([id]) => !ids.includes(id))),
    );
    // A page emptied by the removal gives way to the one before it.
    const left = (serverPaging?.total ?? data.length) - ids.length;
    const lastPage = Math.max(0, Math.ceil(left / page.pageSize) - 1);
    if (page.pageIndex > lastPage) setPage({ ...page, pageIndex: lastPage });
  }

  return (
    <div className="admin-list" data-testid={testId}>
      <div className="admin-list-toolbar">
        <label className="admin-list-size">
          <span>{t('list.pageSize')}</span>
          <select
            value={page.pageSize}
            data-testid={`${testId}-page-size`}
            onChange={(event) => setPage({ pageIndex: 0, pageSize: Number(event.target.value) })}
          >
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        {onRemove && (
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={selectedIds.length === 0}
            data-testid={`${testId}-remove`}
            onClick={(event) => confirmRemoval(selectedIds, event.currentTarget)}
          >
            {selectedIds.length > 0 ? t('list.removeCount', { count: selectedIds.length }) : t('list.remove')}
          </button>
        )}
      </div>
      <div className="table-scroll">
        <table
          className="admin-table stack-on-phone"
          aria-labelledby={captionId}
          ref={tableRef}
          tabIndex={-1}
        >
          <caption id={captionId} className="visually-hidden">
            {label}
          </caption>
          <thead>
            <tr>
              {selectable && (
                <th scope="col" className="cell-narrow">
                  <input
                    type="checkbox"
                    aria-label={t('list.selectPage')}
                    checked={pageRows.length > 0 && table.getIsAllPageRowsSelected()}
                    ref={(input) => {
                      if (input) input.indeterminate = table.getIsSomePageRowsSelected();
                    }}
                    disabled={pageRows.length === 0}
                    onChange={table.getToggleAllPageRowsSelectedHandler()}
                  />
                </th>
              )}
              {props.expanded && (
                <th scope="col" className="cell-narrow">
                  <span className="visually-hidden">{t('list.details')}</span>
                </th>
              )}
              {columns.map((column) => (
                <th key={column.id} scope="col" className={column.narrow ? 'cell-narrow' : undefined}>
                  {column.header}
                </th>
              ))}
              {hasActions && (
                <th scope="col" className="cell-narrow">
                  <span className="visually-hidden">{t('events.actions')}</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {pageRows.length === 0 && (
              <tr>
                <td colSpan={columnCount} className="muted" data-testid={`${testId}-empty`}>
                  {props.empty}
                </td>
              </tr>
            )}
            {pageRows.map((row) => {
              const original = row.original;
              const name = rowName(original);
              const pending = props.pending?.(original) ?? false;
              const open = expandedIds.has(row.id);
              const detailId = `${captionId}-detail-${row.id}`;
              return (
                <Fragment key={row.id}>
                  <tr
                    data-testid={`${testId}-row`}
                    aria-busy={pending || undefined}
                    className={pending ? 'row-pending' : undefined}
                    {...props.rowData?.(original)}
                  >
                    {selectable && (
                      <td className="cell-narrow">
                        <input
                          type="checkbox"
                          aria-label={t('list.select', { name })}
                          checked={row.getIsSelected()}
                          disabled={!row.getCanSelect()}
                          onChange={row.getToggleSelectedHandler()}
                        />
                      </td>
                    )}
                    {props.expanded && (
                      <td className="cell-narrow">
                        <button
                          type="button"
                          className="button button-secondary button-small"
                          aria-expanded={open}
                          aria-controls={open ? detailId : undefined}
                          aria-label={t(open ? 'list.collapse' : 'list.expand', { name })}
                          data-testid={`${testId}-expand`}
                          onClick={() => toggleExpanded(row.id)}
                        >
                          <span aria-hidden="true">{open ? '▾' : '▸'}</span>
                        </button>
                      </td>
                    )}
                    {columns.map((column) => (
                      <td
                        key={column.id}
                        data-label={column.header}
                        className={column.narrow ? 'cell-narrow' : undefined}
                      >
                        {column.cell(original)}
                      </td>
                    ))}
                    {hasActions && (
                      <td className="cell-actions">
                        {props.rowActions?.(original)}
                        {onRemove && (
                          <button
                            type="button"
                            className="button button-secondary button-small"
                            aria-label={t('list.delete', { name })}
                            disabled={pending}
                            data-testid={`${testId}-delete`}
                            onClick={(event) => confirmRemoval([row.id], event.currentTarget)}
                          >
                            <TrashIcon />
                          </button>
                        )}
                      </td>
                    )}
                  </tr>
                  {open && props.expanded && (
                    <tr className="admin-list-detail-row">
                      <td colSpan={columnCount} id={detailId}>
                        {props.expanded(original)}
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
      {pageCount > 1 && (
        <nav className="pagination" aria-label={t('list.pagination', { label })}>
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={!table.getCanPreviousPage()}
            onClick={() => table.previousPage()}
          >
            {t('participants.previous')}
          </button>
          <span data-testid={`${testId}-page`}>
            {t('list.pageOf', { page: page.pageIndex + 1, pages: pageCount })}
          </span>
          <button
            type="button"
            className="button button-secondary button-small"
            disabled={!table.getCanNextPage()}
            data-testid={`${testId}-next`}
            onClick={() => table.nextPage()}
          >
            {t('participants.next')}
          </button>
        </nav>
      )}
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={t('list.remove')}
        message={
          props.confirmMessage?.(removing?.length ?? 1) ??
          t('list.confirmRemove', { count: removing?.length ?? 1 })
        }
        confirmLabel={t('list.validate')}
        onConfirm={() => remove(removing ?? [])}
        testId={`${testId}-confirm`}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          const back = opener.current;
          opener.current = null;
          if (back?.isConnected && !back.disabled) back.focus();
          else tableRef.current?.focus();
        }}
      />
    </div>
  );
}
