// What a document is, decided from its bytes (file-type's magic numbers), never from the name it came
// with: a `.pdf` that is an executable or a web page is named for what it is and refused. Accepted:
// PDF, PNG, JPEG, GIF, WebP, MP4, Office files (OOXML zips whose [Content_Types].xml is there, and the
// 97-2003 OLE files of Word, Excel and PowerPoint, told apart by their root CLSID), and plain UTF-8 text
// (kept as .txt, or .csv when sent as one): text without control characters is harmless served as an
// attachment with `nosniff`, and lists of names or figures are what labs share most. Markup (HTML, SVG,
// XML) is refused even as text: a browser would run it.
import { detectCfbf } from '@file-type/cfbf';
import { DOCUMENT_TYPES, type DocumentType } from '@lablive/domain';
import { type Detector, FileTypeParser } from 'file-type';
import yauzl from 'yauzl';
import type { ReceivedFile } from './files.ts';

export type Detection =
  | { accepted: true; type: DocumentType; contentType: string }
  | { accepted: false; detected: string };

/** Reads of a detector, bounded: file-type allocates what a file's own headers ask for otherwise. */
const MAX_DETECTION_READ = 1024 * 1024;

type Tokenizer = Parameters<Detector['detect']>[0];

/**
 * The OLE detector, asked only when the directory it would read lies inside the file: its own read
 * goes as far as the header says, and a forged header must not make it allocate gigabytes.
 */
const boundedCfbf: Detector = {
  id: 'cfbf-bounded',
  async detect(tokenizer: Tokenizer) {
    const header = new Uint8Array(52);
    const read = await tokenizer.peekBuffer(header, { length: 52, mayBeLess: true });
    if (read < 52) return undefined;
    const view = new DataView(header.buffer);
    const sectorSize = 1 << (view.getUint16(30, true) & 0x1f);
    const directoryEnd = 512 + view.getUint32(48, true) * sectorSize + 96;
    const size = tokenizer.fileInfo.size ?? 0;
    if (directoryEnd > size || directoryEnd > MAX_DETECTION_READ) return undefined;
    return detectCfbf.detect(tokenizer);
  },
};

const parser = new FileTypeParser({ customDetectors: [boundedCfbf], maxBufferSize: MAX_DETECTION_READ });

const ACCEPTED = new Map<string, DocumentType>(DOCUMENT_TYPES.map((type) => [type.ext, type]));
const TYPE_OF = (ext: 'txt' | 'csv'): DocumentType => {
  const type = ACCEPTED.get(ext);
  if (!type) throw new Error(`${ext} is missing from DOCUMENT_TYPES`);
  return type;
};

/** The part an OOXML package of each kind must hold beside its [Content_Types].xml. */
const OOXML_MAIN_PART: Record<string, RegExp> = {
  docx: /^word\/[^/]+\.xml$/,
  xlsx: /^xl\/[^/]+\.xml$/,
  pptx: /^ppt\/[^/]+\.xml$/,
  ppsx: /^ppt\/[^/]+\.xml$/,
};

/** At most this many entries of a zip's directory are read to find the parts of an OOXML package. */
const MAX_ZIP_ENTRIES = 20_000;

/** Whether the zip's central directory lists [Content_Types].xml and the package's main part. */
function holdsOoxmlParts(file: string, mainPart: RegExp): Promise<boolean> {
  return new Promise((resolve) => {
    yauzl.open(file, { lazyEntries: true, autoClose: true }, (openError, zip) => {
      if (openError || !zip) {
        resolve(false);
        return;
      }
      let contentTypes = false;
      let main = false;
      let seen = 0;
      /** Stops reading before the end of the directory (where autoClose would close it). */
      const stop = (answer: boolean) => {
        if (zip.isOpen) zip.close();
        resolve(answer);
      };
      zip.on('entry', (entry: yauzl.Entry) => {
        seen++;
        if (entry.fileName === '[Content_Types].xml') contentTypes = true;
        if (mainPart.test(entry.fileName)) main = true;
        if (contentTypes && main) stop(true);
        else if (seen >= MAX_ZIP_ENTRIES) stop(false);
        else zip.readEntry();
      });
      zip.on('end', () => resolve(contentTypes && main));
      zip.on('error', () => stop(false));
      zip.readEntry();
    });
  });
}

const HTML_START =
  /^<(?:!doctype\s+html|html|head|body|script|iframe|meta|link|style|title|div|span|p|a|img|form|object|embed|svg)[\s>/]/i;

/** What a text file is: markup (refused, named for what it is) or plain text (a .csv when sent as one). */
function detectText(received: ReceivedFile, sentName: string | undefined): Detection {
  const start = received.head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (start.startsWith('<')) {
    if (HTML_START.test(start)) return { accepted: false, detected: 'text/html' };
    return { accepted: false, detected: /^<svg[\s>]/i.test(start) ? 'image/svg+xml' : 'application/xml' };
  }
  const csv = /\.csv$/i.test(sentName ?? '');
  const type = TYPE_OF(csv ? 'csv' : 'txt');
  return { accepted: true, type, contentType: `${type.mime}; charset=utf-8` };
}

/**
 * Decides what the received file is and whether a document may be one. `sentName` only chooses
 * between .txt and .csv for text, which are served alike.
 */
export async function detectDocumentType(
  received: ReceivedFile,
  sentName: string | undefined,
): Promise<Detection> {
  let found: { ext: string; mime: string } | undefined;
  try {
    found = await parser.fromFile(received.path);
  } catch {
    // A file whose headers send the detector astray is no file we know.
    found = undefined;
  }
  if (found === undefined) {
    if (received.isText) return detectText(received, sentName);
    return { accepted: false, detected: 'application/octet-stream' };
  }
  const type = ACCEPTED.get(found.ext);
  if (!type || type.ext === 'txt' || type.ext === 'csv') return { accepted: false, detected: found.mime };
  const mainPart = OOXML_MAIN_PART[type.ext];
  if (mainPart && !(await holdsOoxmlParts(received.path, mainPart))) {
    return { accepted: false, detected: 'application/zip' };
  }
  return { accepted: true, type, contentType: type.mime };
}
