// Pagination of the guest list (back-office spec, section 9: 4 rows per page).
export const GUESTS_PER_PAGE = 4;

export function pageCount(total: number, perPage = GUESTS_PER_PAGE): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** The rows of page `page` (1-based), the last page when `page` is past it (a row was just removed). */
export function pageOf<T>(
  rows: readonly T[],
  page: number,
  perPage = GUESTS_PER_PAGE,
): { page: number; rows: T[] } {
  const last = pageCount(rows.length, perPage);
  const current = Math.min(Math.max(1, page), last);
  return { page: current, rows: rows.slice((current - 1) * perPage, current * perPage) };
}
