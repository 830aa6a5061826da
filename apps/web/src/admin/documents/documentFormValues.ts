// The document form's values and their rules (back-office spec 5: "Document: Name and File are
// required"): the name with the server's own schema, the file required to create a document and
// optional when editing one (chosen: it replaces the document's file).
import { DOCUMENT_TYPES, documentNameSchema, MESSAGES } from '@lablive/domain';
import { z } from 'zod';

export type DocumentFormValues = { name: string; file: File | null };

const chosenFile = z.instanceof(File, { error: MESSAGES.fieldRequired });

export const documentFormSchema = (creating: boolean) =>
  z.object({
    name: documentNameSchema,
    file: creating ? chosenFile : chosenFile.nullable(),
  });

/** What the file picker offers: the accepted types' extensions and MIME types. */
export const DOCUMENT_ACCEPT = [
  ...DOCUMENT_TYPES.map((type) => `.${type.ext}`),
  '.jpeg',
  ...DOCUMENT_TYPES.map((type) => type.mime),
].join(',');

/** "PDF, PNG, JPG, …": the accepted types as the form's hint names them. */
export const DOCUMENT_TYPE_NAMES = DOCUMENT_TYPES.map((type) => type.ext.toUpperCase()).join(', ');

/** A name for a new document from its file's name ("Slides v2.pdf" gives "Slides v2"). */
export function nameFromFileName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return (dot > 0 ? fileName.slice(0, dot) : fileName).trim();
}
