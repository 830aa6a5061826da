// Standard base64 (RFC 4648 §4, padded) read strictly: Node's decoder skips characters it does not know
// and stops at stray padding, so an altered hash or signature could decode to something without a
// complaint. Here a text decodes only when it is exactly the encoding of its bytes.
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The bytes `text` encodes, or null when it is not canonical padded base64. */
export function decodeBase64(text: string): Buffer | null {
  if (!BASE64.test(text)) return null;
  const bytes = Buffer.from(text, 'base64');
  return bytes.toString('base64') === text ? bytes : null;
}
