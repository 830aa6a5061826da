// Dates in the back office's lists as the spec shows them (section 9): DD/MM/YYYY whatever the language,
// in the reader's time zone for the instant the row was made.
const DAY = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', year: 'numeric' });

/** "24/11/2026" for an instant. */
export const listDay = (iso: string): string => DAY.format(new Date(iso));
