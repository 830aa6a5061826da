// `npm run reminders:due-now -- <eventId>`: a test switch (never in production) that makes an event's
// pending reminders due now, so the running server sends them within a second or two instead of days
// later. Refuses unless LABLIVE_TEST_SWITCHES=1. Needs the server's DATABASE_URL.
import { makeRemindersDue } from '@lablive/testkit/testClock';

if (process.env.LABLIVE_TEST_SWITCHES !== '1') {
  console.error('This is a test switch: set LABLIVE_TEST_SWITCHES=1 to use it (never in production).');
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL;
const eventId = Number(process.argv[2]);
if (!databaseUrl || !Number.isSafeInteger(eventId) || eventId <= 0) {
  console.error('Usage: LABLIVE_TEST_SWITCHES=1 DATABASE_URL=... npm run reminders:due-now -- <eventId>');
  process.exit(2);
}
const moved = await makeRemindersDue(databaseUrl, eventId);
console.log(`${moved} reminder job(s) of event ${eventId} are due now.`);
