// Pagination of the guest list (back-office spec, section 9: 4 rows per page, with previous/next and
// numbered pages; the one list, AdminList, pages them).
export const GUESTS_PER_PAGE = 4;
