// Issue 33's whole story, as the people of a pharma event live it, in the system Chromium against the
// server process (its mails through the job queue to a real SMTP server):
// 1. the demo lab's admin sets up a planned public event: the lab's data-processing text, registration
//    on with that consent required, the lobby on in the event form, the certificate rules; then starts it;
// 2. a guest registers on the public page with the consent, follows the link mailed to her address,
//    then her personal link, and reaches her event page (a second guest, on a phone, does the same);
// 3. the animator starts the session; the guest asks to join and waits; the animator sees the knock
//    and admits her (the second guest too);
// 4. she asks a question; the animator approves it, the second guest upvotes it, the animator marks it
//    answered, and both guests see it so;
// 5. the admin sends every room a message and a banner from the event's back-office page; the guests
//    see both;
// 6. the animator removes the second guest, whose room closes on why, and whose knock back into the
//    session is refused;
// 7. the admin closes the event; the first guest downloads her certificate on her event page, and the
//    public verification page confirms its code.
// axe-core runs on every page visited at 1280 px, and the guest's part at 390 px too; screenshots go to
// test-artifacts/story-*.png.
import {
  admitFromRoom,
  askInBrowser,
  broadcastFromEventPage,
  browserSkipReason,
  checkCertificateOnPublicPage,
  closeEventAsAdmin,
  createRunningEvent,
  demoBrowserSuite,
  downloadCertificateOnEventPage,
  HEALTH_PROFESSIONAL_FIELD,
  knockFromWaitingRoom,
  moderateInBrowser,
  openQuestionsTab,
  openRegistrationThroughPage,
  pressJoin,
  questionCard,
  registerUntilInvited,
  removeFromRoom,
  setCertificateRulesThroughForm,
  signInThroughPage,
  startSessionAsStaff,
  upvoteInBrowser,
  writeConsentAsAdmin,
} from '@lablive/testkit';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';

const skipReason = browserSkipReason();
const WAIT = { timeout: 20_000, interval: 200 };
const EVENT_NAME = 'Anticoagulation in the elderly: live webinar';
const QUESTION = 'Should the dose be lowered after 80 when the kidneys are fine?';
const MESSAGE = 'The slides will be mailed to every participant after the session.';
const BANNER = 'Certificates are issued once the event is closed';
const NORA = { first: 'Nora', last: 'Registrant', email: 'nora.registrant@story.test' };
const VICTOR = { first: 'Victor', last: 'Voter', email: 'victor.voter@story.test' };

describe.runIf(skipReason === null)(
  `issue 33's pharma event story${skipReason ? ` (${skipReason})` : ''}`,
  () => {
    const suite = demoBrowserSuite('story', { mail: true });
    const { check } = suite;
    const person = (width = 1280) => suite.person({ width });

    /** axe and a screenshot at 390 px, then back at the desktop width. */
    async function checkOnPhone(page: Page, name: string) {
      await page.setViewportSize({ width: 390, height: 800 });
      await page.waitForTimeout(200);
      await check(page, `${name}-390`);
      await page.setViewportSize({ width: 1280, height: 800 });
    }

    /** A guest registers with the consent and follows her mails to her event page, each page looked at. */
    function registerAndComeIn(page: Page, slug: string, guest: typeof NORA, name: string) {
      return registerUntilInvited(
        page,
        suite.server.url,
        suite.smtp,
        slug,
        { ...guest, answers: { hcp: true } },
        (step) => check(page, `${name}-registration-${step}-${page.viewportSize()?.width ?? 1280}`),
      );
    }

    it('registers with consent, waits in the lobby, asks, hears the broadcast, and gets a certificate; a removed guest stays out', async () => {
      const { database, server } = suite;
      // 1. A planned public event of the demo lab, owned by the demo animator, set up by the lab's admin.
      const event = await createRunningEvent(database.db, {
        name: EVENT_NAME,
        slugPrefix: 'story',
        isPublic: true,
        roomName: 'Plenary',
      });
      await database.db
        .updateTable('events')
        .set({ active: false, start_date: null })
        .where('id', '=', event.eventId)
        .execute();
      const admin = await person();
      await signInThroughPage(admin, server.url, 'admin@lablive.test');
      await admin.waitForURL('**/admin/events', WAIT);
      await writeConsentAsAdmin(admin, server.url, {
        kind: 'data_processing',
        required: false,
        texts: {
          fr: 'J’accepte que le laboratoire traite mes données pour ce webinaire et son attestation.',
          en: 'I agree that the lab processes my data for this webinar and its certificate.',
          de: 'Ich willige ein, dass das Labor meine Daten für dieses Webinar und seine Bescheinigung verarbeitet.',
        },
      });
      await check(admin, 'admin-consents-1280');

      // Registration: on, the consent required, a required yes/no field.
      await openRegistrationThroughPage(admin, server.url, event.eventId, {
        capacity: 20,
        consentKinds: ['data_processing'],
        fields: [HEALTH_PROFESSIONAL_FIELD],
      });
      await check(admin, 'admin-registration-1280');

      // The lobby in the event form, then the certificate rules under it.
      await admin.goto(`${server.url}/admin/events/${event.eventId}`);
      await admin.getByTestId('event-lobby').check();
      // The event was made without its presentation; the form asks for one.
      await admin.getByTestId('event-media').selectOption({ index: 0 });
      await admin.getByTestId('event-submit').click();
      await admin.waitForURL('**/admin/events', WAIT);
      await setCertificateRulesThroughForm(admin, server.url, event.eventId, {
        enabled: true,
        min_presence_percent: 50,
        min_polls_answered: 0,
      });
      expect(await admin.getByTestId('event-lobby').isChecked()).toBe(true);
      await check(admin, 'admin-event-form-1280');

      // 2. Nora registers with the consent and follows her mails to her event page; Victor, on a phone, too.
      const nora = await person();
      await nora.goto(`${server.url}/${event.slug}`);
      await nora.getByTestId('registration-card').waitFor(WAIT);
      await expect
        .poll(() => nora.getByTestId('consent-list').textContent(), WAIT)
        .toContain('I agree that the lab');
      await check(nora, 'nora-public-page-1280');
      await checkOnPhone(nora, 'nora-public-page');
      await registerAndComeIn(nora, event.slug, NORA, 'nora');
      // Her event page shows the consent she gave with her registration, in its version's words.
      await expect
        .poll(() => nora.getByTestId('my-consents').textContent(), WAIT)
        .toContain('I agree that the lab processes my data for this webinar and its certificate.');
      const victor = await person(390);
      await registerAndComeIn(victor, event.slug, VICTOR, 'victor');

      // The admin starts the event from the events page.
      await admin.goto(`${server.url}/admin/events`);
      await admin
        .getByTestId('events-planned')
        .getByTestId(`event-${event.eventId}`)
        .getByTestId('event-start')
        .click();
      await admin.getByTestId('confirm-start-confirm').click();
      await admin.getByTestId('events-current').getByTestId(`event-${event.eventId}`).waitFor(WAIT);
      await check(admin, 'admin-event-started-1280');

      // 3. The animator starts the session; Nora, at her event page, asks to join and waits in the lobby.
      const animator = await person();
      await startSessionAsStaff(animator, server.url, 'animator@lablive.test', event.eventId, event.roomId);
      await nora.reload();
      await expect.poll(() => nora.getByTestId('event-join').isEnabled(), WAIT).toBe(true);
      await check(nora, 'nora-event-page-1280');
      await checkOnPhone(nora, 'nora-event-page');
      await nora.getByTestId('event-join').click();
      await nora.getByTestId('waiting-room').waitFor(WAIT);
      await expect.poll(() => nora.getByTestId('waiting-join').textContent(), WAIT).toContain('Ask to join');
      await knockFromWaitingRoom(nora);
      await check(nora, 'nora-lobby-1280');
      await checkOnPhone(nora, 'nora-lobby');

      // The animator sees and hears who knocks, and admits her.
      await expect
        .poll(() => animator.getByTestId('lobby-announcement').textContent(), WAIT)
        .toBe('Nora Registrant asks to join the room.');
      await check(animator, 'animator-knock-1280');
      await admitFromRoom(animator, 'Nora Registrant');
      await nora.getByTestId('room-page').waitFor(WAIT);
      await check(nora, 'nora-in-room-1280');
      // Victor knocks from his phone and is admitted too.
      await victor.getByTestId('event-join').click();
      await victor.getByTestId('waiting-room').waitFor(WAIT);
      await knockFromWaitingRoom(victor);
      await check(victor, 'victor-lobby-390');
      await admitFromRoom(animator, 'Victor Voter');
      await victor.getByTestId('room-page').waitFor(WAIT);

      // 4. Nora asks; the animator sees who asked and approves; Victor upvotes; the animator marks it answered.
      await askInBrowser(nora, QUESTION);
      const noraCard = questionCard(nora, QUESTION);
      await expect.poll(() => noraCard.getAttribute('data-status'), WAIT).toBe('pending');
      await check(nora, 'nora-question-pending-1280');
      await openQuestionsTab(animator);
      const animatorCard = questionCard(animator, QUESTION);
      await expect.poll(() => animatorCard.textContent(), WAIT).toContain('Nora Registrant');
      await moderateInBrowser(animator, QUESTION, 'approve');
      await expect.poll(() => noraCard.getAttribute('data-status'), WAIT).toBe('approved');
      await upvoteInBrowser(victor, QUESTION);
      const victorCard = questionCard(victor, QUESTION);
      await expect.poll(() => animatorCard.getByTestId('question-upvote').textContent(), WAIT).toContain('1');
      await expect.poll(() => noraCard.getByTestId('question-upvote').textContent(), WAIT).toContain('1');
      await moderateInBrowser(animator, QUESTION, 'answer');
      for (const card of [noraCard, victorCard]) {
        await expect.poll(() => card.getAttribute('data-answered'), WAIT).toBe('true');
      }
      await expect.poll(() => victorCard.textContent(), WAIT).toContain('Answered');
      await check(animator, 'animator-question-answered-1280');
      await check(nora, 'nora-question-answered-1280');
      await checkOnPhone(nora, 'nora-question-answered');
      await check(victor, 'victor-question-answered-390');

      // 5. The admin sends every room a message and a banner from the event's page; both guests see them.
      await broadcastFromEventPage(admin, server.url, event.eventId, { message: MESSAGE, banner: BANNER });
      await check(admin, 'admin-broadcast-1280');
      for (const guest of [nora, victor]) {
        await expect
          .poll(() => guest.getByTestId('room-broadcast-banner').textContent(), WAIT)
          .toContain(BANNER);
        await openChatTab(guest);
        await expect
          .poll(() => guest.getByTestId('chat-announcement').first().textContent(), WAIT)
          .toContain(MESSAGE);
      }
      await check(nora, 'nora-broadcast-1280');
      await checkOnPhone(nora, 'nora-broadcast');
      await check(victor, 'victor-broadcast-390');

      // 6. The animator removes Victor: his room closes on why, and he cannot knock back into this session.
      await removeFromRoom(animator, 'Victor Voter');
      const failed = victor.getByTestId('room-failed');
      await failed.waitFor(WAIT);
      expect(await failed.getAttribute('data-kind')).toBe('removed');
      expect(await failed.textContent()).toContain('You were removed from this session');
      await check(victor, 'victor-removed-390');
      await victor.goto(`${server.url}/waiting/${event.roomId}`);
      await pressJoin(victor);
      const refused = victor.getByTestId('waiting-lobby-refused');
      await refused.waitFor(WAIT);
      expect(await refused.getAttribute('data-code')).toBe('removed_from_session');
      await check(victor, 'victor-refused-390');
      // Nora is still in the room.
      expect(await nora.getByTestId('room-failed').count()).toBe(0);
      await nora.getByTestId('room-page').waitFor(WAIT);

      // 7. The admin closes the event; Nora downloads her certificate, which the public page confirms.
      const closer = await person();
      await closeEventAsAdmin(closer, server.url, event.eventId);
      await check(closer, 'admin-event-closed-1280');
      const certificate = await downloadCertificateOnEventPage(nora, server.url);
      expect(certificate.code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){4}$/);
      expect(certificate.text).toContain('Nora Registrant');
      expect(certificate.text).toContain(EVENT_NAME);
      expect(certificate.text).toContain(certificate.code);
      await check(nora, 'nora-certificate-1280');
      await checkOnPhone(nora, 'nora-certificate');
      const visitor = await person();
      const verified = await checkCertificateOnPublicPage(visitor, server.url, certificate.code);
      expect(verified.verdict).toBe('valid');
      expect(verified.text).toContain('Nora Registrant');
      expect(verified.text).toContain(EVENT_NAME);
      await check(visitor, 'verify-valid-1280');
      await checkOnPhone(visitor, 'verify-valid');
    }, 420_000);
  },
);

/** The room's sidebar unfolded if a narrow window folded it, then its chat tab. */
async function openChatTab(page: Page) {
  const toggle = page.getByTestId('sidebar-toggle');
  if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
  await page.getByTestId('tab-chat').click();
}
