import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:3456';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
for (const lang of ['fr', 'en']) {
  for (const [name, viewport] of [['desktop', { width: 1366, height: 900 }], ['phone', { width: 390, height: 844 }]] as const) {
    const context = await browser.newContext({ viewport, timezoneId: 'Europe/Paris' });
    const page = await context.newPage();
    page.on('console', (m) => { if (m.type() === 'error') console.log('console:', m.text()); });
    await page.addInitScript((l) => localStorage.setItem('lablive.locale', l), lang);
    await page.goto(`${base}/login`);
    await page.getByTestId('login-email').fill('animator@lablive.test');
    await page.getByTestId('login-password').fill('demo-lablive');
    await page.getByTestId('login-submit').click();
    await page.waitForURL(`${base}/admin/events`);
    await page.getByTestId('events-current').waitFor();
    await page.screenshot({ path: `/tmp/shots/events-${name}-${lang}.png`, fullPage: true });
    await page.goto(`${base}/admin/events/2`);
    await page.getByTestId('event-form').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots/form-${name}-${lang}.png`, fullPage: true });
    await page.getByTestId('event-date').click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots/form-calendar-${name}-${lang}.png` });
    await page.keyboard.press('Escape');
    await page.goto(`${base}/admin/events/2/participants`);
    await page.getByTestId('participants-table').waitFor();
    await page.screenshot({ path: `/tmp/shots/participants-${name}-${lang}.png`, fullPage: true });
    await page.getByTestId('page-2').click();
    await page.getByTestId('participant-menu').first().click();
    await page.waitForTimeout(200);
    await page.screenshot({ path: `/tmp/shots/participants-menu-${name}-${lang}.png` });
    await page.keyboard.press('Escape');
    await page.goto(`${base}/admin/events/2/participants/create`);
    await page.getByTestId('participant-form').waitFor();
    await page.getByTestId('participant-submit').click();
    await page.waitForTimeout(200);
    await page.screenshot({ path: `/tmp/shots/participant-form-${name}-${lang}.png`, fullPage: true });
    await context.close();
  }
}
await browser.close();
