// Attendance certificates (issue 33, part 6) as tests meet them: a PDF's text as a reader's tool reads it
// (poppler's pdftotext), an event's rules set through the back office's event form, the guest's
// certificate downloaded from their event page once issued, and a code checked on the public page.
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { CertificateRules } from '@lablive/domain';
import type { Page } from 'playwright-core';

const run = promisify(execFile);
const WAIT = { timeout: 20_000 };

/** The text of a PDF, laid out as poppler reads it, its spaces and line breaks made single spaces. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const file = path.join(tmpdir(), `lablive-${randomUUID()}.pdf`);
  await writeFile(file, pdf);
  try {
    const { stdout } = await run('pdftotext', ['-layout', file, '-']);
    return stdout.replace(/\s+/g, ' ');
  } finally {
    await rm(file, { force: true });
  }
}

/**
 * Sets an event's certificate rules through the event form's section (`page` signed in as staff who may
 * change the event), and waits for the toast that says them saved.
 */
export async function setCertificateRulesThroughForm(
  page: Page,
  serverUrl: string,
  eventId: number,
  rules: CertificateRules,
): Promise<void> {
  await page.goto(`${serverUrl}/admin/events/${eventId}`);
  const section = page.getByTestId('certificate-rules');
  await section.waitFor(WAIT);
  await section.getByTestId('certificate-enabled').setChecked(rules.enabled);
  await section.getByTestId('certificate-presence').fill(String(rules.min_presence_percent));
  await section.getByTestId('certificate-polls').fill(String(rules.min_polls_answered));
  await section.getByTestId('certificate-rules-save').click();
  await page.getByTestId('toast').first().waitFor(WAIT);
}

/**
 * The signed-in guest's certificate from their event page (/event), reloaded until the job has issued it
 * (it follows the close by a few seconds): its code as shown, and the downloaded PDF's text.
 */
export async function downloadCertificateOnEventPage(
  page: Page,
  serverUrl: string,
  timeoutMs = 60_000,
): Promise<{ code: string; fileName: string; text: string }> {
  await page.goto(`${serverUrl}/event`);
  const deadline = Date.now() + timeoutMs;
  const button = page.getByTestId('my-certificate-download');
  for (;;) {
    await page.getByTestId('event-card').waitFor(WAIT);
    if (await button.isVisible().catch(() => false)) break;
    if (Date.now() > deadline) throw new Error('no certificate was issued on the event page');
    await page.waitForTimeout(1000);
    await page.reload();
    await button.waitFor({ timeout: 3000 }).catch(() => {});
  }
  const code = ((await page.getByTestId('my-certificate-code').textContent()) ?? '').trim();
  const [download] = await Promise.all([page.waitForEvent('download', WAIT), button.click()]);
  const file = path.join(tmpdir(), `lablive-${randomUUID()}-${download.suggestedFilename()}`);
  await download.saveAs(file);
  try {
    return { code, fileName: download.suggestedFilename(), text: await pdfText(await readFile(file)) };
  } finally {
    await rm(file, { force: true });
  }
}

/** What the public verification page says of a code typed in it: valid, revoked or unknown. */
export async function checkCertificateOnPublicPage(
  page: Page,
  serverUrl: string,
  code: string,
): Promise<{ verdict: 'valid' | 'revoked' | 'unknown'; text: string }> {
  await page.goto(`${serverUrl}/certificates/verify`);
  await page.getByTestId('certificate-code').fill(code);
  await page.getByTestId('certificate-check').click();
  const verdicts = ['valid', 'revoked', 'unknown'] as const;
  const shown = page.locator(verdicts.map((verdict) => `[data-testid="certificate-${verdict}"]`).join(', '));
  await shown.first().waitFor(WAIT);
  const testId = (await shown.first().getAttribute('data-testid')) ?? '';
  const verdict = verdicts.find((each) => testId === `certificate-${each}`) ?? 'unknown';
  return { verdict, text: ((await shown.first().textContent()) ?? '').replace(/\s+/g, ' ') };
}
