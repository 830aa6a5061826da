// English texts of a session's questions as staff read them after it (the `admin` namespace's
// `questions` key): the statistics' detail and the replay (issue 33, part 3).
export const questionsEn = {
  title: 'Questions',
  none: 'No question was asked.',
  csv: 'Questions (CSV)',
  tableLabel: 'Questions asked, pinned first, then by votes',
  timesIn: 'Times in {{zone}}.',
  room: 'Room',
  askedAt: 'Asked at',
  question: 'Question',
  askedBy: 'Asked by',
  votes: 'Votes',
  state: 'State',
  anonymous: 'anonymous to guests',
  unknownAsker: 'unknown',
  status: { pending: 'Awaiting approval', approved: 'Approved', hidden: 'Hidden' },
  answered: 'Answered',
  voteCount_one: '{{count}} vote',
  voteCount_other: '{{count}} votes',
  pinned: 'Pinned',
};
