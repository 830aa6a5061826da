// DejaVu Sans, embedded in the PDFs the server makes (only the glyphs used): PDF's built-in fonts know
// Western European letters only, and a doctor named Łukasz or a drug named with a Greek letter must print
// as typed.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

const require = createRequire(import.meta.url);
let fontFiles: Promise<{ regular: Buffer; bold: Buffer }> | undefined;

export function loadPdfFonts(): Promise<{ regular: Buffer; bold: Buffer }> {
  fontFiles ??= Promise.all([
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    readFile(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  ]).then(([regular, bold]) => ({ regular, bold }));
  return fontFiles;
}

/**
 * A new A4 PDF with the fonts registered as `regular` and `bold`, and its bytes once `doc.end()` is
 * called: how every PDF the server makes begins.
 */
export async function startPdf(
  options: PDFKit.PDFDocumentOptions,
): Promise<{ doc: PDFKit.PDFDocument; finished: Promise<Buffer> }> {
  const fonts = await loadPdfFonts();
  const doc = new PDFDocument({ size: 'A4', ...options });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  return { doc, finished };
}
