// English texts of a report's electronic signature on its page (the `admin` namespace's
// `reportSignature` key; issue 32): the wording of the report's PDF (apps/server/src/pharmacovigilance/reportPdf.ts).
export const reportSignatureEn = {
  title: 'Electronic signature',
  signedBy: 'Signed by',
  signedAt: 'Date signed',
  meaning: 'Meaning',
  fingerprint: 'Fingerprint of the report (SHA-256)',
  status: 'Status',
  intact: 'The stored report matches the signed fingerprint.',
  altered: 'WARNING: the stored report no longer matches the signed fingerprint.',
  alteredHint: 'It was changed after it was filed: do not rely on it; tell the lab’s quality manager.',
  unsigned: 'Filed before reports were signed electronically: not signed.',
};
