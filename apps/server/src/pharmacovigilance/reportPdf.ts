// A pharmacovigilance report as a PDF, fit to forward to the authorities: laid out like a CIOMS I form
// (the international suspect adverse reaction report), its title with the report's reference, then
// I. reaction information (the patient by initials), II. suspect drug, III. reporter, IV. the report
// itself (who filed it, when, in which session). Labels in French, English or German; values as filed.
// Made from the report as its page shows it (ReportDetail), so the patient's names cannot reach it.
import {
  formatCalendarDay,
  formatDayTime,
  type Locale,
  type ReportDetail,
  SIGNATURE_MEANING_TEXT,
} from '@lablive/domain';
import { startPdf } from '../files/pdfFonts.ts';
import { REPORT_WORDING } from '../mail/pharmacovigilanceWording.ts';
import type { ReportRecord } from './reports.repository.ts';

const FORM_WORDING = {
  fr: {
    title: "Déclaration d'effet indésirable suspecté",
    reaction: 'I. Informations sur la réaction',
    suspectDrug: 'II. Médicament suspecté',
    reporter: 'III. Déclarant',
    filing: 'IV. Déclaration',
    reference: 'Référence',
    lab: 'Laboratoire',
    session: 'Session',
    filedBy: 'Déclaré par',
    filedAt: 'Date de déclaration',
    signature: 'V. Signature électronique',
    signedBy: 'Signée par',
    signedAt: 'Date de signature',
    meaning: 'Signification',
    fingerprint: 'Empreinte de la déclaration (SHA-256)',
    unsigned: 'Déclaration antérieure aux signatures électroniques : non signée.',
    altered: 'ATTENTION : la déclaration enregistrée ne correspond plus à l’empreinte signée.',
    intact: 'La déclaration enregistrée correspond à l’empreinte signée.',
    page: (page: number, pages: number) => `Page ${page} / ${pages}`,
  },
  en: {
    title: 'Suspect adverse reaction report',
    reaction: 'I. Reaction information',
    suspectDrug: 'II. Suspect drug',
    reporter: 'III. Reporter',
    filing: 'IV. Report',
    reference: 'Reference',
    lab: 'Lab',
    session: 'Session',
    filedBy: 'Filed by',
    filedAt: 'Date filed',
    signature: 'V. Electronic signature',
    signedBy: 'Signed by',
    signedAt: 'Date signed',
    meaning: 'Meaning',
    fingerprint: 'Fingerprint of the report (SHA-256)',
    unsigned: 'Filed before reports were signed electronically: not signed.',
    altered: 'WARNING: the stored report no longer matches the signed fingerprint.',
    intact: 'The stored report matches the signed fingerprint.',
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  },
  de: {
    title: 'Bericht über eine vermutete Nebenwirkung',
    reaction: 'I. Angaben zur Reaktion',
    suspectDrug: 'II. Verdächtigtes Arzneimittel',
    reporter: 'III. Meldender',
    filing: 'IV. Meldung',
    reference: 'Referenz',
    lab: 'Labor',
    session: 'Sitzung',
    filedBy: 'Gemeldet von',
    filedAt: 'Meldedatum',
    signature: 'V. Elektronische Unterschrift',
    signedBy: 'Unterzeichnet von',
    signedAt: 'Datum der Unterschrift',
    meaning: 'Bedeutung',
    fingerprint: 'Fingerabdruck der Meldung (SHA-256)',
    unsigned: 'Vor der Einführung elektronischer Unterschriften gemeldet: nicht unterzeichnet.',
    altered: 'ACHTUNG: Die gespeicherte Meldung entspricht nicht mehr dem unterzeichneten Fingerabdruck.',
    intact: 'Die gespeicherte Meldung entspricht dem unterzeichneten Fingerabdruck.',
    page: (page: number, pages: number) => `Seite ${page} von ${pages}`,
  },
} as const satisfies Record<Locale, unknown>;

const MARGIN = 48;
const PADDING = 4;
const LABEL_SIZE = 7.5;
const VALUE_SIZE = 10;
const GREY = '#555555';

/** "26/11/2026, 14:05 (Europe/Paris)": in the reader's language, in the session's zone (UTC for a zone Intl does not know). */
function filedAtText(date: Date, timeZone: string, locale: Locale): string {
  try {
    return `${formatDayTime(date, locale, timeZone)} (${timeZone})`;
  } catch {
    return `${formatDayTime(date, locale, 'UTC')} (UTC)`;
  }
}

export async function reportPdf(record: ReportRecord, locale: Locale): Promise<Buffer> {
  const report: ReportDetail = record.report;
  const t = FORM_WORDING[locale];
  const w = REPORT_WORDING[locale];
  const filedAt = new Date(report.date);
  const { reference } = report;
  const when = filedAtText(filedAt, record.timeZone, locale);

  const { doc, finished } = await startPdf({
    margin: MARGIN,
    bufferPages: true,
    info: { Title: `${t.title} ${reference}`, Author: 'LabLive', CreationDate: filedAt },
  });

  const form = createFormLayout(doc);

  form.title(t.title);
  form.row([
    { label: t.reference, value: reference, span: 1.4 },
    { label: t.lab, value: record.labName, span: 1.3 },
    { label: t.session, value: report.session_name, span: 2 },
    { label: t.filedAt, value: when, span: 1.6 },
  ]);

  form.section(t.reaction);
  form.subheading(w.patient);
  form.row([
    { label: w.labels.initials, value: report.patient_initials },
    { label: w.labels.gender, value: w.genders[report.gender] },
    { label: w.labels.birthdate, value: formatCalendarDay(report.patient_birthday, locale) },
    { label: w.labels.ageRange, value: w.ageRanges[report.age_range] },
  ]);
  form.longText({ label: w.labels.reaction, value: report.drug_adverse_reaction });

  form.section(t.suspectDrug);
  form.row([
    { label: w.labels.drugName, value: report.drug_name, span: 2 },
    { label: w.labels.batch, value: report.drug_batch_number },
  ]);

  form.section(t.reporter);
  form.subheading(w.doctor);
  form.row([
    { label: w.labels.lastName, value: report.doctor_lastname },
    { label: w.labels.firstName, value: report.doctor_firstname },
    { label: w.labels.specialty, value: report.doctor_specialty },
  ]);
  form.row([
    { label: w.labels.phone, value: report.phone_number },
    { label: w.labels.email, value: report.doctor_email, span: 2 },
  ]);
  form.row([
    { label: w.labels.address, value: report.doctor_address, span: 2 },
    { label: w.labels.zip, value: report.doctor_zip_code },
  ]);

  form.section(t.filing);
  form.row([
    { label: t.filedBy, value: report.username },
    { label: t.filedAt, value: when },
    { label: t.session, value: report.session_name },
  ]);

  form.section(t.signature);
  const { signature } = report;
  if (signature === null) {
    form.longText({ label: t.signature, value: t.unsigned });
  } else {
    form.row([
      { label: t.signedBy, value: signature.name },
      { label: t.signedAt, value: filedAtText(new Date(signature.signed_at), record.timeZone, locale) },
    ]);
    form.longText({ label: t.meaning, value: SIGNATURE_MEANING_TEXT[locale][signature.meaning] });
    form.longText({
      label: t.fingerprint,
      value: `${signature.content_hash}\n${signature.intact ? t.intact : t.altered}`,
    });
  }

  stampFooters(doc, `LabLive · ${reference}`, t.page);
  doc.end();
  return finished;
}

type Cell = { label: string; value: string; span?: number };

/**
 * The drawing of a CIOMS-like form on an A4 document, top to bottom: boxed rows of labelled cells,
 * long texts that may flow over pages, grey section bars and subheadings; a page is added whenever
 * what comes next would not fit above the bottom margin.
 */
function createFormLayout(doc: PDFKit.PDFDocument) {
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - MARGIN;
  let y = MARGIN;

  const ensureRoom = (height: number) => {
    if (y + height <= bottom()) return;
    doc.addPage();
    y = MARGIN;
  };
  const valueHeight = (value: string, cellWidth: number) =>
    doc
      .font('regular')
      .fontSize(VALUE_SIZE)
      .heightOfString(value || ' ', { width: cellWidth - 2 * PADDING });
  const labelHeight = doc.font('regular').fontSize(LABEL_SIZE).currentLineHeight(true);

  /** A row of boxed cells, each a small label over its value, wrapped within the box. */
  function row(cells: Cell[]) {
    const spans = cells.reduce((sum, cell) => sum + (cell.span ?? 1), 0);
    const widths = cells.map((cell) => (width * (cell.span ?? 1)) / spans);
    const height =
      Math.max(...cells.map((cell, i) => valueHeight(cell.value, widths[i] ?? width))) +
      labelHeight +
      3 * PADDING;
    ensureRoom(height);
    let x = left;
    cells.forEach((cell, i) => {
      const cellWidth = widths[i] ?? width;
      doc.lineWidth(0.5).strokeColor('#000000').rect(x, y, cellWidth, height).stroke();
      doc
        .font('regular')
        .fontSize(LABEL_SIZE)
        .fillColor(GREY)
        .text(cell.label, x + PADDING, y + PADDING, { width: cellWidth - 2 * PADDING, lineBreak: false });
      doc
        .font('regular')
        .fontSize(VALUE_SIZE)
        .fillColor('#000000')
        .text(cell.value, x + PADDING, y + 2 * PADDING + labelHeight, { width: cellWidth - 2 * PADDING });
      x += cellWidth;
    });
    y += height;
  }

  /**
   * A full-width text (the reaction's description, up to 5000 characters): boxed like a cell when it fits
   * on a page, otherwise flowed over as many pages as it needs under its label.
   */
  const longText = (cell: Cell) => {
    const height = valueHeight(cell.value, width) + labelHeight + 3 * PADDING;
    if (height <= bottom() - MARGIN) {
      row([cell]);
      return;
    }
    ensureRoom(labelHeight + 3 * VALUE_SIZE);
    doc
      .lineWidth(0.5)
      .moveTo(left, y)
      .lineTo(left + width, y)
      .stroke();
    doc
      .font('regular')
      .fontSize(LABEL_SIZE)
      .fillColor(GREY)
      .text(cell.label, left + PADDING, y + PADDING, { width: width - 2 * PADDING });
    doc
      .font('regular')
      .fontSize(VALUE_SIZE)
      .fillColor('#000000')
      .text(cell.value, left + PADDING, y + 2 * PADDING + labelHeight, { width: width - 2 * PADDING });
    y = doc.y + PADDING;
    doc
      .lineWidth(0.5)
      .moveTo(left, y)
      .lineTo(left + width, y)
      .stroke();
  };

  const section = (title: string) => {
    const height = 18;
    // A heading is never left alone at the foot of a page.
    ensureRoom(height + 40);
    y += 8;
    doc.rect(left, y, width, height).fillColor('#e6e6e6').fill();
    doc
      .font('bold')
      .fontSize(10)
      .fillColor('#000000')
      .text(title.toUpperCase(), left + PADDING, y + 4, { width: width - 2 * PADDING, lineBreak: false });
    y += height;
  };

  const subheading = (title: string) => {
    ensureRoom(14 + 40);
    doc
      .font('bold')
      .fontSize(8.5)
      .fillColor('#000000')
      .text(title, left, y + 3, { width, lineBreak: false });
    y += 14;
  };

  return {
    title(text: string) {
      doc.font('bold').fontSize(16).fillColor('#000000').text(text, left, y, { width });
      y = doc.y + 4;
    },
    row,
    longText,
    section,
    subheading,
  };
}

/**
 * Each page's foot: `text` and the page number, below the bottom margin (which would otherwise start
 * a new page for them).
 */
function stampFooters(
  doc: PDFKit.PDFDocument,
  text: string,
  pageLabel: (page: number, pages: number) => string,
) {
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const pages = doc.bufferedPageRange();
  for (let index = 0; index < pages.count; index++) {
    doc.switchToPage(pages.start + index);
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const footY = doc.page.height - MARGIN / 2 - LABEL_SIZE;
    doc.font('regular').fontSize(LABEL_SIZE).fillColor(GREY);
    doc.text(text, left, footY, { width, lineBreak: false });
    doc.text(pageLabel(index + 1, pages.count), left, footY, { width, align: 'right', lineBreak: false });
    doc.page.margins.bottom = margin;
  }
}
