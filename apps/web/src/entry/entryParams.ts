// The query parameters read on first load (live-room spec, section 2): `invitation` (a token that
// signs the visitor in and opens /event) and `calendar` with `e` (event id), `i` (participant id) and `k`
// (the key the server made for them: it stands for the mail the link came in).
export type EntryParams =
  | { kind: 'invitation'; token: string }
  | { kind: 'calendar'; eventId: number; participantId: number; key: string }
  | { kind: 'none' };

const positiveId = (value: string | null): number | null => {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

export function parseEntryParams(search: string): EntryParams {
  const params = new URLSearchParams(search);
  const token = params.get('invitation')?.trim() ?? '';
  if (token !== '') return { kind: 'invitation', token };
  if (params.has('calendar')) {
    const eventId = positiveId(params.get('e'));
    const participantId = positiveId(params.get('i'));
    // A link without its key still opens the page, which says the link is not valid.
    const key = params.get('k')?.trim() ?? '';
    if (eventId !== null && participantId !== null) return { kind: 'calendar', eventId, participantId, key };
  }
  return { kind: 'none' };
}
