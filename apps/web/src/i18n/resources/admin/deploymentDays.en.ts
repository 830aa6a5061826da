// English texts of the deployment days page, for super-admins (the `admin` namespace's
// `deploymentDays` key).
export const deploymentDaysEn = {
  title: 'Deployment days',
  intro:
    'Days the platform is updated: no lab can plan an event on them (the event form does not offer them, and the server refuses them).',
  add: 'Block a day',
  day: 'Day',
  block: 'Block this day',
  blocking: 'Blocking…',
  blocked: '{{day}} is blocked.',
  chooseFirst: 'Choose a day first.',
  list: 'Blocked days',
  none: 'No day is blocked.',
  past: 'Past',
  removeMessage_one: 'Labs can plan events on this day again.',
  removeMessage_other: 'Labs can plan events on these {{count}} days again.',
  removed_one: 'The day is free again.',
  removed_other: '{{count}} days are free again.',
};
