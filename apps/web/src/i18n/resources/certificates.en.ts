// English texts of the attendance certificates a guest sees (issue 33, part 6): their own on their event
// page, and the public page that checks a certificate's code.
export const certificatesEn = {
  mine: {
    title: 'Your certificate of attendance',
    issued: 'Your certificate of attendance is ready.',
    minutes_one: '{{count}} minute present',
    minutes_other: '{{count}} minutes present',
    code: 'Verification code',
    download: 'Download the certificate (PDF)',
    downloading: 'Downloading…',
    downloadFailed: 'The certificate could not be downloaded.',
    pending:
      'If you meet the attendance rules of this event, your certificate will be here, and in your mailbox, once the event is closed.',
    revoked: 'Your certificate was revoked by the organisers.',
    verify: 'Check it on the verification page',
  },
  verify: {
    title: 'Check a certificate of attendance',
    intro: 'Enter the verification code printed on the certificate.',
    code: 'Verification code',
    codeHint: '20 letters and digits, as printed (dashes optional).',
    submit: 'Check',
    checking: 'Checking…',
    invalid: 'A verification code has 20 letters and digits.',
    valid: 'Valid certificate',
    revoked: 'This certificate has been revoked',
    revokedHint: 'The organiser withdrew it: it no longer attests the attendance below.',
    unknown: 'No certificate has this code. Check that it is typed as printed.',
    name: 'Name',
    event: 'Event',
    date: 'Date',
    minutes: 'Time present',
    minutesValue_one: '{{count}} minute',
    minutesValue_other: '{{count}} minutes',
  },
};
