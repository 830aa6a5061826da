// DejaVu Sans, embedded in the PDFs the server makes (only the glyphs used): PDF's built-in fonts know
// Western European letters only, and a doctor named Łukasz or a drug named with a Greek letter must print
// as typed.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let fontFiles: Promise<{ regular: Buffer; bold: Buffer }> | undefined;

export function loadPdfFonts(): Promise<{ regular: Buffer; bold: Buffer }> {
  fontFiles ??= Promise.all([
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  ]).then(([regular, bold]) => ({ regular, bold }));
  return fontFiles;
}
