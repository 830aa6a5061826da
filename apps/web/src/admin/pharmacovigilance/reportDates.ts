// Dates of the pharmacovigilance pages as the spec shows them: DD/MM/YYYY (section 9), whatever the
// language, in the reader's time zone for the instant a report was filed.
const DAY = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric' });

/** "24/11/2026" for an instant. */
export const reportDay = (iso: string): string => DAY.format(new Date(iso));

/** "03/02/1970" for a birth date written YYYY-MM-DD (a day, not an instant: no time zone moves it). */
export function birthDay(day: string): string {
  const [year, month, date] = day.slice(0, 10).split('-');
  return `${date}/${month}/${year}`;
}
