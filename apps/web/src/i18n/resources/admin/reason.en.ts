// English texts of the reason the back office asks for before a deletion, an archive, a suspension or
// a change of someone's access (the `admin` namespace's `reason` key; issue 32: the audit trail keeps it).
export const reasonEn = {
  label: 'Reason',
  hint: 'Required. Kept in the audit trail with your name and the time.',
  changeLabel: 'Reason for this change',
  changeHint: 'The role, the permissions or the active status change: the audit trail keeps why.',
  required: 'Give the reason for this change.',
};
