// Days with their time, and times, one way on a page and in a mail, CSV or PDF: written in the domain
// (packages/domain/src/format) so the server writes a time exactly as a page does.
export {
  dayTimeFormat,
  formatDayAndHours,
  formatDayTime,
  formatLongDayTime,
  instantFormat,
  longDayTimeFormat,
  timeFormat,
} from '@lablive/domain';
