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
    registrations:
      'their registrations for public events: where each stands, the details and answers they gave;',
    roomActivity:
      'what they did in those events’ rooms: joining and leaving, chat messages, answers to polls and the like;',
    reports:
      'the pharmacovigilance reports they filed or are named in, by reference, drug and their part (reporter or doctor);',
    mails: 'the e-mails sent to them: their subject, when, and whether they went;',
    consents: 'the consents they gave and withdrew, with the words they accepted;',
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
  erasure: {
    title: 'Erase this person’s data',
    explain:
      'When someone asks for their data to be erased (GDPR, article 17), erase it here. Their name, address, chat messages and notes become unreadable everywhere and show as “erased”, their account (if they have one) is anonymised and deactivated, and the signed logs still verify.',
    hold: 'Pharmacovigilance reports they filed or are named in are kept under legal hold (EU Implementing Regulation 520/2012, article 12; GDPR, article 17(3)): the result names them, with a sentence to tell the person.',
    email: 'E-mail address of the person to erase',
    emailHint: 'This cannot be undone: download their data first if they asked for it too.',
    erase: 'Erase their data…',
    confirmTitle: 'Erase this person’s data',
    confirmMessage:
      'Everything the lab holds about {{email}} becomes unreadable for good, except the reports kept under legal hold. As the reason, give their request: how and when it came (for example “request by mail of 29/11/2026”), without naming the person: the reason is kept as typed.',
    confirm: 'Erase',
    result: {
      title: 'The data of {{email}} is erased',
      when: 'Erased on {{time}} ({{zone}}).',
      reference: 'Reference of this erasure in the audit trail:',
      counts: 'What was erased',
      participations: 'Event participations made unreadable',
      accounts: 'Accounts anonymised and deactivated',
      keys: 'Data keys destroyed',
      mails: 'Mails whose recipient is forgotten',
      noneKept: 'No pharmacovigilance report is kept: nothing more to tell the person.',
      keptTitle: 'Reports kept under legal hold',
      keptIntro_one: 'This pharmacovigilance report is kept. Tell the person which one, and why:',
      keptIntro_other:
        'These {{count}} pharmacovigilance reports are kept. Tell the person which ones, and why:',
      letterLabel: 'To send to the person',
      letter_one:
        'As you asked, we have erased your personal data, except the pharmacovigilance report {{references}}, which we must keep: EU law requires reports of suspected adverse reactions to be kept while the medicine is authorised and for at least ten years after (Implementing Regulation (EU) No 520/2012, article 12), and the GDPR allows it (article 17(3)(b) and (c)).',
      letter_other:
        'As you asked, we have erased your personal data, except the pharmacovigilance reports {{references}}, which we must keep: EU law requires reports of suspected adverse reactions to be kept while the medicine is authorised and for at least ten years after (Implementing Regulation (EU) No 520/2012, article 12), and the GDPR allows it (article 17(3)(b) and (c)).',
    },
  },
};
