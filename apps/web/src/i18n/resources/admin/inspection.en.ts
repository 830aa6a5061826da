// English texts of the signed exports for an inspector (the `admin` namespace's `inspection` key;
// issue 32): the audit trail's and each room's signed log, how an inspector checks them, and the key.
export const inspectionEn = {
  title: 'For an inspector.',
  auditExport: 'Export for an inspector (signed)',
  roomLog: 'Signed session log',
  roomLogOf: 'Signed session log of room {{number}}',
  exporting: 'Preparing the signed file…',
  how: 'A signed file (.jsonl) shows any change made to it. An inspector checks it, as downloaded, with this command and the lab’s verifier key:',
  command: 'npx lablive-verify <file> --key <key>',
  key: 'Verifier key',
  keyLoading: 'Loading the verifier key…',
  keyFailed: 'The verifier key could not be loaded: {{reason}}',
  retry: 'Try again',
  copyKey: 'Copy the key',
  keyCopied: 'Verifier key copied.',
  keyNotCopied: 'The key could not be copied here: select it and copy it by hand.',
};
