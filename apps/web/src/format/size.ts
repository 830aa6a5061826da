// Sizes of files, one way on a page (Intl's units with the page's language): "512 bytes", "8.1 kB",
// "18 MB" in English, "512 octets", "8,1 ko" and "18 Mo" in French, "512 Byte", "8,1 kB" in German.
// French writes "ko" (the SI prefix k, as CLDR and the Office québécois de la langue française do;
// "Ko" is a common misspelling). Binary steps (1 kB = 1024 bytes, as the upload limits are set); one
// decimal under ten. Bytes are written out: Intl's short English "512 byte" reads as a mistake.
import { intlLocale } from './intlLocale.ts';

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

export function formatSize(bytes: number, language: string): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'unit',
    unit: UNITS[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: value >= 10 || unit === 0 ? 0 : 1,
  }).format(value);
}
