// Lists of words written as the page's language writes them: "Polls, Statistics and Camera",
// "Sondages, Statistiques et Caméra", "Umfragen, Statistiken und Kamera".
import { intlLocale } from './intlLocale.ts';

export function formatList(items: readonly string[], language: string): string {
  return new Intl.ListFormat(intlLocale(language), { style: 'long', type: 'conjunction' }).format(items);
}
