// The audit trail as a lab's admin lives it (issue 32), in the system Chromium against the real server
// process: they rename the demo event in its form, delete a document (the confirmation waits for a
// reason, then keeps it), and find it all on /admin/audit: the event's name old → new, the deletion with
// its reason, their own sign-in; they narrow the list to one person and download the CSV; they download
// the whole trail signed for an inspector, and the real verifier (@lablive/verify) accepts it with the
// key the page shows. The page and the reason dialog are checked with axe, on a desktop and on a phone
// (390 px), and photographed; on the phone the search form folds behind a Search button (open when the
// address searches something), checked folded and open.
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  accessibilityViolations,
  browserSkipReason,
  createTestDatabase,
  launchChromium,
  type ServerProcess,
  signInThroughPage,
  startServerProcess,
  type TestDatabase,
} from '@lablive/testkit';
import { verifyPackage } from '@lablive/verify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ARTIFACTS = path.resolve(import.meta.dirname, '../../../../test-artifacts');
const skipReason = browserSkipReason();
const WAIT = { timeout: 20_000, interval: 200 };
/** The admin reads the back office in Paris: times are shown there, and the CSV's too. */
const TIME_ZONE = 'Europe/Paris';
const SESSION = 'LabLive demo session';
const RENAMED = 'LabLive demo session (audited)';
const DOCUMENT = 'LabLive demo document';
const REASON = 'Duplicate of the survey sent by e-mail — asked twice';
const ROLE_REASON = 'Runs the lab while Alice is on leave';

describe.runIf(skipReason === null)(
  `the audit trail in the browser${skipReason ? ` (${skipReason})` : ''}`,
  () => {
    let database: TestDatabase;
    let server: ServerProcess;
    let browser: Browser;
    const contexts: BrowserContext[] = [];
    let admin: Page;

    async function signedIn(email: string): Promise<Page> {
      const context = await browser.newContext({
        locale: 'en',
        timezoneId: TIME_ZONE,
        viewport: { width: 1280, height: 800 },
        acceptDownloads: true,
        // The verifier key's copy button.
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      contexts.push(context);
      const page = await context.newPage();
      await page.addInitScript(() => window.localStorage.setItem('lablive.locale', 'en'));
      await signInThroughPage(page, server.url, email);
      return page;
    }

    /** A screenshot to look at, and no serious or critical WCAG 2.1 A/AA violation on the page. */
    async function check(page: Page, name: string, screenshot: string) {
      await page.screenshot({ path: path.join(ARTIFACTS, screenshot), fullPage: true });
      expect(await accessibilityViolations(page), name).toEqual([]);
    }

    /** The page's head as a picture: the title, the export buttons and the inspector's note. */
    async function screenshotExportArea(page: Page, screenshot: string) {
      await page.evaluate(() => window.scrollTo(0, 0));
      const top = await page.locator('.admin-page-header').first().boundingBox();
      const note = await page.getByTestId('audit-inspector-note').boundingBox();
      if (top === null || note === null) throw new Error('the export area is not on screen');
      const width = page.viewportSize()?.width ?? 1280;
      await page.screenshot({
        path: path.join(ARTIFACTS, screenshot),
        fullPage: true,
        clip: { x: 0, y: Math.max(0, top.y - 12), width, height: note.y + note.height - top.y + 20 },
      });
    }

    /** What a phone's screen shows from the search's button down (the form, or the first entries). */
    async function screenshotFromToggle(screenshot: string) {
      await admin.getByTestId('audit-filters-toggle').evaluate((button) => {
        button.scrollIntoView({ block: 'start' });
        window.scrollBy(0, -16);
      });
      await admin.screenshot({ path: path.join(ARTIFACTS, screenshot) });
    }

    /** The list's rows: one per entry, newest first. */
    const entries = (page: Page) => page.getByTestId('audit-row');

    beforeAll(async () => {
      await mkdir(ARTIFACTS, { recursive: true });
      database = await createTestDatabase({ migrate: false });
      server = await startServerProcess({
        DATABASE_URL: database.url,
        SEED_DEMO_DATA: 'true',
        LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
        ACCESS_TOKEN_SECRET: 'e2e-access-token-secret-of-at-least-32-characters',
      });
      browser = await launchChromium();
    });

    afterAll(async () => {
      for (const context of contexts) await context.close().catch(() => {});
      await browser?.close();
      await server?.stop();
      await database?.drop();
    });

    it('renames the demo event in its form', async () => {
      admin = await signedIn('admin@lablive.test');
      const event = await database.db
        .selectFrom('events')
        .select('id')
        .where('name', '=', SESSION)
        .executeTakeFirstOrThrow();
      await admin.getByTestId(`event-${event.id}`).getByTestId('event-edit').click();
      await admin.getByTestId('event-form').waitFor(WAIT);
      await expect.poll(() => admin.getByTestId('event-name').inputValue(), WAIT).toBe(SESSION);
      await admin.getByTestId('event-name').fill(RENAMED);
      await admin.getByTestId('event-submit').click();
      await expect.poll(() => new URL(admin.url()).pathname, WAIT).toBe('/admin/events');
      await expect
        .poll(
          () => database.db.selectFrom('events').select('name').where('id', '=', event.id).executeTakeFirst(),
          WAIT,
        )
        .toEqual({ name: RENAMED });
    });

    it('deletes a document only once a reason is given, and keeps the reason', async () => {
      await admin.getByTestId('nav-documents').click();
      const row = admin.getByTestId('documents-row').filter({ hasText: DOCUMENT });
      await row.waitFor(WAIT);
      await row.getByTestId('documents-delete').click();
      const dialog = admin.getByTestId('documents-confirm');
      await dialog.waitFor(WAIT);
      const reason = admin.getByTestId('documents-confirm-reason');
      const confirm = admin.getByTestId('documents-confirm-confirm');
      // The reason is asked first: the focus is there, and nothing goes without it (spaces are not one).
      await expect
        .poll(() => admin.evaluate(() => document.activeElement?.getAttribute('data-testid')), WAIT)
        .toBe('documents-confirm-reason');
      expect(await confirm.isDisabled()).toBe(true);
      await reason.fill('   ');
      expect(await confirm.isDisabled()).toBe(true);
      await check(admin, 'the reason dialog', 'audit-reason-dialog-1280.png');
      await reason.fill(REASON);
      expect(await confirm.isDisabled()).toBe(false);
      await confirm.click();
      await expect.poll(() => row.count(), WAIT).toBe(0);
    });

    it("asks why before a user's role changes, and sends it with the change", async () => {
      await admin.getByTestId('nav-users').click();
      const row = admin.getByTestId('users-row').filter({ hasText: 'user@lablive.test' });
      await row.waitFor(WAIT);
      await row.getByTestId('user-edit').click();
      await admin.getByTestId('user-panel').waitFor(WAIT);
      // Nothing of their access changed yet: no reason asked.
      expect(await admin.getByTestId('user-reason').count()).toBe(0);
      await admin.getByTestId('user-role').selectOption('admin');
      await admin.getByTestId('user-reason').waitFor(WAIT);
      await admin.getByTestId('user-save').click();
      await expect
        .poll(() => admin.getByTestId('user-reason-error').textContent(), WAIT)
        .toBe('Give the reason for this change.');
      await admin.getByTestId('user-reason').fill(ROLE_REASON);
      await admin.getByTestId('user-save').click();
      await admin.getByTestId('user-edited').waitFor(WAIT);
      const roles = await database.db
        .selectFrom('user_roles')
        .innerJoin('roles', 'roles.id', 'user_roles.role_id')
        .innerJoin('users', 'users.id', 'user_roles.user_id')
        .select('roles.name')
        .where('users.email', '=', 'user@lablive.test')
        .execute();
      expect(roles.map((role) => role.name)).toEqual(['admin']);
    });

    it('shows the rename, the deletion with its reason and the sign-in on /admin/audit', async () => {
      await admin.getByTestId('nav-audit').click();
      await admin.getByTestId('audit-page').waitFor(WAIT);
      expect(await admin.locator('h1').textContent()).toBe('Audit trail');
      await entries(admin).first().waitFor(WAIT);

      // The event's name, old → new, by the admin with their role, in the reader's zone named.
      const rename = entries(admin)
        .filter({ has: admin.locator('[data-field="name"]') })
        .filter({ hasText: RENAMED });
      await expect.poll(() => rename.count(), WAIT).toBe(1);
      const renameText = await rename.textContent();
      expect(renameText).toContain(`name: ${SESSION} → ${RENAMED}`);
      expect(renameText).toContain('Alice Admin');
      expect(renameText).toContain('admin@lablive.test');
      expect(renameText).toContain('Administrator');
      expect(renameText).toContain(TIME_ZONE);
      expect(renameText).toContain('Changed');
      expect(renameText).toMatch(/Event #\d+/);

      // The document's deletion, with the reason given.
      const deletion = entries(admin).filter({ hasText: REASON });
      await expect.poll(() => deletion.count(), WAIT).toBe(1);
      expect(await deletion.getAttribute('data-action')).toMatch(/^(archive|delete)$/);
      expect(await deletion.getByTestId('audit-reason').textContent()).toBe(REASON);
      expect(await deletion.textContent()).toMatch(/Document #\d+/);

      // Ulla's role, given with its reason: a link given (and the one it replaced, taken away).
      const roleChanges = entries(admin).filter({ hasText: ROLE_REASON });
      await expect.poll(() => roleChanges.count(), WAIT).toBeGreaterThan(0);
      expect((await roleChanges.allTextContents()).join('\n')).toContain('roles: added admin');

      // Their own sign-in.
      const signIn = entries(admin)
        .and(admin.locator('[data-action="sign-in"]'))
        .filter({ hasText: 'admin@lablive.test' });
      await expect.poll(() => signIn.count(), WAIT).toBeGreaterThan(0);

      // On a desktop the search form is always there: no button folds it.
      expect(await admin.getByTestId('audit-filters-toggle').isVisible()).toBe(false);
      expect(await admin.getByTestId('audit-filters').isVisible()).toBe(true);

      // Nothing on the page edits or deletes an entry.
      expect(await admin.getByTestId('audit-delete').count()).toBe(0);
      expect(await admin.getByTestId('audit-table').locator('input[type="checkbox"]').count()).toBe(0);

      await check(admin, '/admin/audit', 'audit-trail-1280.png');
    });

    it('narrows the list to one person, and keeps the search in the address', async () => {
      const count = () => admin.getByTestId('audit-count').textContent();
      const before = await count();
      // The seed's entries are the product's own (LabLive): someone else's.
      const total = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));
      expect(total(before)).toBeGreaterThan(3);

      await admin.getByTestId('audit-filter-who').fill('Alice Admin');
      await admin.getByTestId('audit-search').click();
      await expect.poll(() => new URL(admin.url()).searchParams.get('who'), WAIT).toBe('Alice Admin');
      await expect.poll(async () => total(await count()), WAIT).toBeLessThan(total(before));
      const who = await admin.getByTestId('audit-who').allTextContents();
      expect(who.length).toBeGreaterThan(0);
      for (const text of who) expect(text).toContain('Alice Admin');

      // Reloaded, the page searches the same.
      await admin.reload();
      await admin.getByTestId('audit-page').waitFor(WAIT);
      await expect.poll(() => admin.getByTestId('audit-filter-who').inputValue(), WAIT).toBe('Alice Admin');
      await expect.poll(async () => total(await count()), WAIT).toBe(who.length);
    });

    it("downloads the filtered entries as CSV, in the reader's language and zone", async () => {
      const [download] = await Promise.all([
        admin.waitForEvent('download', WAIT),
        admin.getByTestId('audit-export-csv').click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');
      const [header, ...rows] = text.split('\r\n').filter((line) => line !== '');
      expect(header).toBe(
        `When (${TIME_ZONE}),When (UTC),Who,E-mail,Roles,Person's time zone,Action,Record,Id,Field,Old value,New value,Reason,Call`,
      );
      const renamed = rows.find((line) => line.includes(RENAMED));
      expect(renamed).toBeDefined();
      expect(renamed).toContain('Alice Admin,admin@lablive.test,admin');
      expect(renamed).toContain(`,change,event,`);
      expect(renamed).toContain(`,name,${SESSION},${RENAMED},`);
      expect(rows.some((line) => line.includes(REASON))).toBe(true);
      // Only Alice's entries: the export follows the search.
      expect(rows.every((line) => line.includes('Alice Admin'))).toBe(true);
    });

    it('downloads the trail signed for an inspector, which lablive-verify accepts with the key the page shows', async () => {
      // Beside the exports: how an inspector checks the file, and the lab's verifier key.
      const note = admin.getByTestId('audit-inspector-note');
      const shownKey = note.getByTestId('ledger-key');
      await shownKey.waitFor(WAIT);
      const key = ((await shownKey.textContent()) ?? '').trim();
      expect(key).toMatch(/^[^\s+]+\+[0-9a-f]{8}\+[A-Za-z0-9+/=]+$/);
      expect((await (await fetch(`${server.url}/api/ledger/key`)).text()).trim()).toBe(key);
      expect(await note.getByTestId('inspector-command').textContent()).toBe(
        'npx lablive-verify <file> --key <key>',
      );
      await note.getByTestId('ledger-key-copy').click();
      await expect.poll(() => admin.getByTestId('ledger-key-copied').count(), WAIT).toBeGreaterThan(0);
      expect(await admin.evaluate(() => navigator.clipboard.readText())).toBe(key);

      const { lab_id } = await database.db
        .selectFrom('users')
        .select('lab_id')
        .where('email', '=', 'admin@lablive.test')
        .executeTakeFirstOrThrow();
      const [download] = await Promise.all([
        admin.waitForEvent('download', WAIT),
        admin.getByTestId('audit-export-signed').click(),
      ]);
      // Saved under the server's name.
      expect(download.suggestedFilename()).toBe(`audit-trail-lab-${lab_id}.jsonl`);
      const folder = await mkdtemp(path.join(tmpdir(), 'lablive-audit-export-'));
      try {
        const file = path.join(folder, download.suggestedFilename());
        await download.saveAs(file);
        const text = await readFile(file, 'utf8');
        const [header = '', ...events] = text.split('\n').filter((line) => line !== '');
        expect(JSON.parse(header)).toMatchObject({ format: 'lablive-export/1', kind: 'audit' });
        expect(header).toContain('"format":"lablive-export/1"');
        // The whole trail, not the search shown (Alice's): the rename and the document's deletion too.
        expect(text).toContain(RENAMED);
        expect(text).toContain(REASON);

        // The inspector's check, with the key the page shows.
        const result = await verifyPackage(file, { trustedKey: key });
        expect(result.problem).toBeNull();
        expect(result.verified).toBe(true);
        expect(result.key?.source).toBe('trusted');
        expect(result.events).toBe(events.length);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
      await screenshotExportArea(admin, 'audit-exports-1280.png');
    });

    it('folds the search form on a phone (390 px) behind a Search button, open when a filter is in the address', async () => {
      await admin.setViewportSize({ width: 390, height: 844 });
      const toggle = admin.getByTestId('audit-filters-toggle');
      const form = admin.getByTestId('audit-filters');
      const expanded = () => toggle.getAttribute('aria-expanded');

      // The address searches Alice's entries: the form is open, and the button says one filter is set.
      await toggle.waitFor(WAIT);
      expect(new URL(admin.url()).searchParams.get('who')).toBe('Alice Admin');
      expect(await expanded()).toBe('true');
      expect(await form.isVisible()).toBe(true);
      expect(await form.getAttribute('id')).toBe(await toggle.getAttribute('aria-controls'));
      expect(await toggle.textContent()).toBe('Search 1 active filter');

      // Without a search in the address, the first entry comes before the form, folded.
      await admin.goto(`${server.url}/admin/audit`);
      await entries(admin).first().waitFor(WAIT);
      expect(await expanded()).toBe('false');
      expect(await form.isVisible()).toBe(false);
      expect(await toggle.textContent()).toBe('Search');
      const first = await entries(admin).first().boundingBox();
      expect(first?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(844 * 2);
      await check(admin, '/admin/audit at 390 px, the search folded', 'audit-search-folded-390.png');
      await admin.screenshot({ path: path.join(ARTIFACTS, 'audit-search-folded-390-first-screen.png') });

      // From the keyboard: Enter opens it, the focus stays on the button, Space folds it again.
      await toggle.focus();
      await admin.keyboard.press('Enter');
      await expect.poll(expanded, WAIT).toBe('true');
      expect(await form.isVisible()).toBe(true);
      expect(await admin.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
        'audit-filters-toggle',
      );
      await check(admin, '/admin/audit at 390 px, the search open', 'audit-search-open-390.png');
      await screenshotFromToggle('audit-search-open-390-first-screen.png');
      await admin.keyboard.press('Space');
      await expect.poll(expanded, WAIT).toBe('false');
      expect(await form.isVisible()).toBe(false);

      // Opened by a click, the form searches as on a desktop.
      await toggle.click();
      await admin.getByTestId('audit-filter-who').fill('Alice Admin');
      await admin.getByTestId('audit-search').click();
      await expect.poll(() => new URL(admin.url()).searchParams.get('who'), WAIT).toBe('Alice Admin');
      await expect.poll(() => toggle.textContent(), WAIT).toBe('Search 1 active filter');
      await toggle.click();
      await expect.poll(expanded, WAIT).toBe('false');
      await screenshotFromToggle('audit-search-active-390-first-screen.png');
      await toggle.click();
    });

    it('reads on a phone (390 px): each entry stacks', async () => {
      await admin.getByTestId('audit-clear').click();
      await expect.poll(() => new URL(admin.url()).search, WAIT).toBe('');
      await entries(admin).first().waitFor(WAIT);
      // The table's head is hidden and each cell takes the card's width.
      const widths = await entries(admin)
        .first()
        .locator('td')
        .evaluateAll((cells) =>
          cells.map((cell) => Math.round(cell.getBoundingClientRect().width)).filter((width) => width > 0),
        );
      expect(widths.length).toBeGreaterThan(3);
      expect(Math.min(...widths)).toBeGreaterThan(300);
      const overflow = await admin.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await check(admin, '/admin/audit at 390 px', 'audit-trail-390.png');
      await screenshotExportArea(admin, 'audit-exports-390.png');

      // The reason dialog on a phone: a report recipient's removal this time, left undone.
      await admin.goto(`${server.url}/admin/pharmacovigilance`);
      const row = admin.getByTestId('receivers-row').first();
      await row.waitFor(WAIT);
      await row.getByTestId('receivers-delete').click();
      await admin.getByTestId('receivers-confirm-reason').waitFor(WAIT);
      expect(await admin.getByTestId('receivers-confirm-confirm').isDisabled()).toBe(true);
      await check(admin, 'the reason dialog at 390 px', 'audit-reason-dialog-390.png');
      await admin.getByTestId('receivers-confirm').getByRole('button', { name: 'Back' }).click();
      await expect.poll(() => admin.getByTestId('receivers-confirm').count(), WAIT).toBe(0);
    });
  },
);
