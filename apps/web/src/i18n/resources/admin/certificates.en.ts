// English texts of the attendance certificates in the back office (issue 33, part 6): an event's rules
// (its form), and who qualified on its statistics, with revocation.
export const certificatesEn = {
  rules: {
    title: 'Attendance certificates',
    lead: 'Participants who meet these rules receive a PDF certificate by e-mail once the event is closed, and can download it from their event page.',
    enabled: 'Issue certificates of attendance',
    minPresence: 'Minimum share of the event’s time present (%)',
    minPolls: 'Minimum number of polls answered',
    save: 'Save the rules',
    saving: 'Saving…',
    saved: 'Certificate rules saved.',
    locked:
      'The event has started: its certificate rules are locked, since participants are held to the rules as they stood.',
  },
  standings: {
    title: 'Attendance certificates',
    rules: 'Rules: {{percent}} % of the event’s {{minutes}} minutes present, {{polls}} poll(s) answered.',
    off: 'This event issues no certificates.',
    running: 'Figures so far: certificates are issued once the event is closed.',
    none: 'No participant was invited to this event.',
    name: 'Participant',
    present: 'Time present',
    presentValue: '{{minutes}} min ({{percent}} %)',
    polls: 'Polls answered',
    result: 'Result',
    certificate: 'Certificate',
    qualified: 'Qualified',
    notQualified: 'Not qualified: {{why}}',
    shortfalls: {
      presence: 'too little time present',
      polls: 'too few polls answered',
    },
    issued: 'Issued',
    toIssue: 'Being issued',
    revoked: 'Revoked: {{reason}}',
    noCertificate: 'None',
    revoke: 'Revoke',
    revokeTitle: 'Revoke the certificate of {{name}}?',
    revokeMessage:
      'The public verification page will say this certificate is revoked, and the participant can no longer download it. This cannot be undone.',
    revokeConfirm: 'Revoke the certificate',
    revokedToast: 'Certificate revoked.',
  },
};
