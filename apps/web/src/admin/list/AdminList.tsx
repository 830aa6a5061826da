// The back office's one list (back-office spec 4, "List screens"; architecture: "Lists share one table
// component"): pages with the spec's page sizes (a new size goes back to the first page), a checkbox per
// row and for the page, a Remove button for the checked rows and a delete icon per row, both confirmed
// in the spec's words, an optional expand toggle per row; a list with one page size has no size
// choice. Rows come whole (the list pages them) or a page at a time from the server. TanStack Table keeps the pages and the selection; the markup, the
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
import { type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon.tsx';
import './adminList.css';
import { ListPager, ListToolbar, RemovalDialog } from './listControls.tsx';

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
  /**
   * Removes rows (after the confirmation) with the reason given there; a failure is shown in the dialog.
   * Every removal of a record the audit trail follows asks for its reason (issue 32).
   */
  onRemove?: (ids: string[], reason: string | undefined) => Promise<void>;
  /** Whether the removal's confirmation asks for a reason: yes, unless the trail does not follow the rows. */
  removalReason?: 'required' | 'none';
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
  /** The pager's numbered page buttons between previous and next (the guest list's, spec 2.4). */
  numberedPages?: boolean;
  /** Test ids of the table and of its rows, when not `{testId}-table` and `{testId}-row`. */
  tableTestId?: string;
  rowTestId?: string;
};

const features = tableFeatures({
  rowPaginationFeature,
  rowSelectionFeature,
  paginatedRowModel: createPaginatedRowModel(),
});

// The list renders every cell itself; the table only pages and selects.
const NO_COLUMNS: never[] = [];

export function AdminList<Row extends RowData>(props: AdminListProps<Row>) {
  const { label, testId, rows, rowId, columns, pageSizes, serverPaging, onRemove } = props;
  const captionId = useId();
  const [ownPage, setOwnPage] = useState<PaginationState>({ pageIndex: 0, pageSize: pageSizes[0] ?? 10 });
  // A list paged here stays on its last page when rows leave it (a guest removed from the menu).
  const lastOwnPage = Math.max(0, Math.ceil(rows.length / ownPage.pageSize) - 1);
  const page = serverPaging?.page ?? { ...ownPage, pageIndex: Math.min(ownPage.pageIndex, lastOwnPage) };
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

  async function remove(ids: string[], reason: string | undefined) {
    await onRemove?.(ids, reason);
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
      <ListToolbar
        testId={testId}
        pageSizes={pageSizes}
        pageSize={page.pageSize}
        onPageSize={(pageSize) => setPage({ pageIndex: 0, pageSize })}
        selectedCount={onRemove ? selectedIds.length : null}
        onRemoveSelected={(from) => confirmRemoval(selectedIds, from)}
      />
      <div className="table-scroll">
        <table
          className="admin-table stack-on-phone"
          aria-labelledby={captionId}
          ref={tableRef}
          tabIndex={-1}
          data-testid={props.tableTestId ?? `${testId}-table`}
        >
          <caption id={captionId} className="visually-hidden">
            {label}
          </caption>
          <ListHead
            table={table}
            columns={columns}
            selectable={selectable}
            expandable={!!props.expanded}
            hasActions={hasActions}
          />
          <tbody>
            {pageRows.length === 0 && (
              <tr>
                <td colSpan={columnCount} className="muted" data-testid={`${testId}-empty`}>
                  {props.empty}
                </td>
              </tr>
            )}
            {pageRows.map((row) => (
              <ListRow
                key={row.id}
                list={props}
                row={row}
                selectable={selectable}
                hasActions={hasActions}
                columnCount={columnCount}
                detailId={`${captionId}-detail-${row.id}`}
                open={expandedIds.has(row.id)}
                onToggle={() => toggleExpanded(row.id)}
                onDelete={(from) => confirmRemoval([row.id], from)}
              />
            ))}
          </tbody>
        </table>
      </div>
      <ListPager
        label={label}
        testId={testId}
        pageIndex={page.pageIndex}
        pageCount={Math.max(1, table.getPageCount())}
        numbered={props.numberedPages ?? false}
        onPage={(pageIndex) => setPage({ ...page, pageIndex })}
      />
      <RemovalDialog
        testId={testId}
        removing={removing}
        confirmMessage={props.confirmMessage}
        askReason={(props.removalReason ?? 'required') === 'required'}
        onClose={() => setRemoving(null)}
        onConfirm={(reason) => remove(removing ?? [], reason)}
        onClosed={() => {
          const back = opener.current;
          opener.current = null;
          if (back?.isConnected && !back.disabled) back.focus();
          else tableRef.current?.focus();
        }}
      />
    </div>
  );
}

function ListHead<Row extends RowData>(props: {
  table: {
    getIsAllPageRowsSelected(): boolean;
    getIsSomePageRowsSelected(): boolean;
    getRowModel(): { rows: unknown[] };
    getToggleAllPageRowsSelectedHandler(): (event: unknown) => void;
  };
  columns: readonly ListColumn<Row>[];
  selectable: boolean;
  expandable: boolean;
  hasActions: boolean;
}) {
  const { t } = useTranslation('admin');
  const { table } = props;
  const empty = table.getRowModel().rows.length === 0;
  return (
    <thead>
      <tr>
        {props.selectable && (
          <th scope="col" className="cell-narrow">
            <input
              type="checkbox"
              aria-label={t('list.selectPage')}
              checked={!empty && table.getIsAllPageRowsSelected()}
              ref={(input) => {
                if (input) input.indeterminate = table.getIsSomePageRowsSelected();
              }}
              disabled={empty}
              onChange={table.getToggleAllPageRowsSelectedHandler()}
            />
          </th>
        )}
        {props.expandable && (
          <th scope="col" className="cell-narrow">
            <span className="visually-hidden">{t('list.details')}</span>
          </th>
        )}
        {props.columns.map((column) => (
          <th key={column.id} scope="col" className={column.narrow ? 'cell-narrow' : undefined}>
            {column.header}
          </th>
        ))}
        {props.hasActions && (
          <th scope="col" className="cell-narrow">
            <span className="visually-hidden">{t('events.actions')}</span>
          </th>
        )}
      </tr>
    </thead>
  );
}

type TableRow<Row> = {
  id: string;
  original: Row;
  getIsSelected(): boolean;
  getCanSelect(): boolean;
  getToggleSelectedHandler(): (event: unknown) => void;
};

function ListRow<Row extends RowData>(props: {
  list: AdminListProps<Row>;
  row: TableRow<Row>;
  selectable: boolean;
  hasActions: boolean;
  columnCount: number;
  detailId: string;
  open: boolean;
  onToggle: () => void;
  onDelete: (from: HTMLButtonElement) => void;
}) {
  const { t } = useTranslation('admin');
  const { list, row, open, detailId } = props;
  const original = row.original;
  const name = list.rowName(original);
  const pending = list.pending?.(original) ?? false;
  return (
    <>
      <tr
        data-testid={list.rowTestId ?? `${list.testId}-row`}
        aria-busy={pending || undefined}
        className={pending ? 'row-pending' : undefined}
        {...list.rowData?.(original)}
      >
        {props.selectable && (
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
        {list.expanded && (
          <td className="cell-narrow">
            <button
              type="button"
              className="button button-secondary button-small"
              aria-expanded={open}
              aria-controls={open ? detailId : undefined}
              aria-label={t(open ? 'list.collapse' : 'list.expand', { name })}
              data-testid={`${list.testId}-expand`}
              onClick={props.onToggle}
            >
              <span aria-hidden="true">{open ? '▾' : '▸'}</span>
            </button>
          </td>
        )}
        {list.columns.map((column) => (
          <td
            key={column.id}
            data-label={column.header}
            className={column.narrow ? 'cell-narrow' : undefined}
          >
            {column.cell(original)}
          </td>
        ))}
        {props.hasActions && (
          <td className="cell-actions">
            {list.rowActions?.(original)}
            {list.onRemove && (
              <button
                type="button"
                className="button button-secondary button-small"
                aria-label={t('list.delete', { name })}
                disabled={pending}
                data-testid={`${list.testId}-delete`}
                onClick={(event) => props.onDelete(event.currentTarget)}
              >
                <Icon name="trash" size={16} className="admin-list-icon" />
              </button>
            )}
          </td>
        )}
      </tr>
      {open && list.expanded && (
        <tr className="admin-list-detail-row">
          <td colSpan={props.columnCount} id={detailId}>
            {list.expanded(original)}
          </td>
        </tr>
      )}
    </>
  );
}

/** Previous, "Page 2 of 5" or the numbered pages, next; nothing for a single page. */
