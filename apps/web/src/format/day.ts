// Days, one way on a page and in a mail, CSV or PDF: written in the domain (packages/domain/src/format)
// so the server writes a day exactly as a page does.
export {
  calendarDayInstant,
  formatCalendarDay,
  formatCalendarMonth,
  formatDay,
  formatLongCalendarDay,
  formatShortCalendarDay,
} from '@lablive/domain';
