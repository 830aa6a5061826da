// Consent (issue 33) as the browser tests meet it: the lab's texts written through the back office's
// consents page, and a guest ticking the consents of the public entry form, as a person does.
import type { ConsentKind } from '@lablive/domain';
import type { Page } from 'playwright-core';

const WAIT = { timeout: 20_000 };

/**
 * Ticks the entry form's consents: the required ones (those `aria-required`), or the kinds named;
 * nothing when the lab asks none. Call it after filling the name and e-mail, before "entry-submit".
 */
export async function acceptEntryConsents(page: Page, kinds?: readonly ConsentKind[]): Promise<void> {
  // The consents load beside the event's card: a lab that asks none shows no list once they have.
  await page.waitForLoadState('networkidle');
  const list = page.getByTestId('consent-list');
  if ((await list.count()) === 0) return;
  const boxes = kinds
    ? kinds.map((kind) => page.getByTestId(`consent-box-${kind}`))
    : await list.locator('input[type="checkbox"][aria-required="true"]').all();
  for (const box of boxes) await box.check();
}

/**
 * Writes a kind's consent on /admin/consents as the signed-in admin of the page: its three texts and
 * whether it is required; waits for the list to show the version saved.
 */
export async function writeConsentAsAdmin(
  page: Page,
  serverUrl: string,
  consent: { kind: ConsentKind; required: boolean; texts: { fr: string; en: string; de: string } },
): Promise<void> {
  if (!page.url().endsWith('/admin/consents')) await page.goto(`${serverUrl}/admin/consents`);
  await page.getByTestId(`consent-edit-${consent.kind}`).click();
  const form = page.getByTestId('consent-form');
  await form.waitFor(WAIT);
  await form.getByTestId('consent-required').setChecked(consent.required);
  await form.getByTestId('consent-active').setChecked(true);
  for (const language of ['fr', 'en', 'de'] as const) {
    await form.getByTestId(`consent-text-${language}`).fill(consent.texts[language]);
  }
  await form.getByTestId('consent-save').click();
  await form.waitFor({ state: 'detached', ...WAIT });
}
