// A personal value erased on its owner's request (GDPR erasure, issue 32) comes from the server as
// ERASED_VALUE ("[erased]") in place of a name, an address, a chat message or a change's value. A page
// says it in the reader's language ("erased", "effacé", "gelöscht"), set apart in italics
// (`ErasableText`). A value is erased whole, but a page may have put it in a sentence of its own ("Old →
// [erased]", "Ada shares her screen"): the text is cut around each one.
import { ERASED_VALUE, sayErased } from '@lablive/domain';

/** A piece of a text: as written, or an erased value said in the reader's word. */
export type ErasablePart = { text: string; erased: boolean };

/** Whether a value is one the server erased. */
export const isErased = (value: unknown): value is typeof ERASED_VALUE => value === ERASED_VALUE;

/** The text cut around the erased values it holds, each said in `word`; empty parts left out. */
export function erasableParts(text: string, word: string): ErasablePart[] {
  const parts: ErasablePart[] = [];
  text.split(ERASED_VALUE).forEach((piece, index) => {
    if (index > 0) parts.push({ text: word, erased: true });
    if (piece !== '') parts.push({ text: piece, erased: false });
  });
  return parts;
}

/** The same text as plain words, for an attribute or a title that cannot hold italics. */
export const erasableText = sayErased;
