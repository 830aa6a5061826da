// English texts of the personal data requests page (the `admin` namespace's `personalData` key; GDPR
// access, issue 32).
export const personalDataEn = {
  title: 'Personal data requests',
  intro:
    'When someone asks for the data the lab holds about them (GDPR, article 15), download it here by their e-mail address and send it to them.',
  holds: {
    title: 'What the export holds',
    account: 'their account, if they have one: name, job, address, roles, groups;',
    participations: 'the events they were invited to or took part in, with the details given for them;',
    roomActivity:
      'what they did in those events’ rooms: joining and leaving, chat messages, answers to polls and the like;',
    reports:
      'the pharmacovigilance reports they filed or are named in, by reference, drug and their part (reporter or doctor);',
    mails: 'the e-mails sent to them: their subject, when, and whether they went;',
    downloads: 'the documents they downloaded;',
    audit: 'their own entries in the audit trail.',
  },
  leavesOut:
    'It leaves out other people’s data: the patients described in a report and the other guests of a room are not theirs to receive.',
  recorded: 'Each request is recorded in the audit trail, with who asked and for which address.',
  form: {
    title: 'Download a person’s data',
    email: 'The person’s e-mail address',
    emailHint: 'The address they wrote from, or the one they were invited with.',
    json: 'Download as JSON',
    pdf: 'Download as PDF (readable)',
    preparing: 'Preparing the file…',
    pdfNote: 'The PDF is written in English, its dates in your time zone ({{zone}}).',
    saved: '{{file}} saved: the data of {{email}}.',
    failed: 'The file could not be downloaded: {{reason}}',
  },
};
