// One browser suite's world, set up before its tests and torn down after them: a database with the demo
// data, the server as a process over it, the system Chromium, people at their own windows, and a check
// of a page (its screenshot under test-artifacts/, axe's WCAG checks). Each browser test had its copy
// of these hooks; a suite calls this once inside its describe.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { accessibilityViolations } from './accessibility.ts';
import { launchChromium, personAtBrowser } from './browser.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';
import { REPO_ROOT } from './repoRoot.ts';
import { type ServerProcess, startServerProcess } from './serverProcess.ts';
import { type SmtpCapture, startSmtpCapture } from './smtpCapture.ts';

export type DemoBrowserSuite = {
  /** Set once the suite's beforeAll ran. */
  readonly database: TestDatabase;
  readonly server: ServerProcess;
  /** The mails the server sent, for a suite started with `{ mail: true }`. */
  readonly smtp: SmtpCapture;
  /** A person at their own window (1280 px wide unless said otherwise), closed after the suite. */
  person(options?: { width?: number; locale?: 'en' | 'fr' | 'de' }): Promise<Page>;
  /** Saves the page's screenshot as test-artifacts/<prefix>-<name>.png and expects axe to find nothing. */
  check(page: Page, name: string): Promise<void>;
};

/** `mail`: the server sends its mails to an SMTP capture the suite reads (registration, certificates). */
export function demoBrowserSuite(prefix: string, options: { mail?: boolean } = {}): DemoBrowserSuite {
  const artifacts = path.join(REPO_ROOT, 'test-artifacts');
  let database: TestDatabase | undefined;
  let smtp: SmtpCapture | undefined;
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    await mkdir(artifacts, { recursive: true });
    database = await createTestDatabase({ migrate: false });
    if (options.mail) smtp = await startSmtpCapture();
    server = await startServerProcess({
      ...(smtp ? { SMTP_URL: smtp.url } : {}),
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
    await smtp?.close();
    await database?.drop();
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`the browser suite's ${what} is used before its beforeAll ran`);
    return value;
  };

  return {
    get database() {
      return started(database, 'database');
    },
    get server() {
      return started(server, 'server');
    },
    get smtp() {
      return started(smtp, 'SMTP capture (a suite started with { mail: true })');
    },
    async person(options = {}) {
      const page = await personAtBrowser(started(browser, 'browser'), options);
      contexts.push(page.context());
      return page;
    },
    async check(page, name) {
      await page.screenshot({ path: path.join(artifacts, `${prefix}-${name}.png`), fullPage: true });
      expect(await accessibilityViolations(page), name).toEqual([]);
    },
  };
}
