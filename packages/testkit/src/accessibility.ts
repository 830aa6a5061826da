// WCAG 2.1 AA checks of a page as the browser shows it, with axe-core injected into the page. The
// end-to-end tests run it on every page they visit and fail on any serious or critical violation.
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

export type AccessibilityViolation = { id: string; impact: string; help: string; targets: string[] };

/** The serious and critical WCAG 2.1 A/AA violations of the page as it is now. */
export async function accessibilityViolations(page: Page): Promise<AccessibilityViolation[]> {
  // These functions run in the page; the testkit compiles without the DOM's types, hence globalThis.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScriptTag({ path: AXE_SOURCE });
  return page.evaluate(async () => {
    type AxeResult = {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
    };
    type Running = { finished: Promise<unknown>; effect: { getTiming(): { iterations?: number } } | null };
    const inPage = globalThis as unknown as {
      axe: { run(context: unknown, options: object): Promise<AxeResult> };
      document: { getAnimations(): Running[] };
    };
    // The page as a person reads it, not half-way through a transition: a toast fading in or out has
    // too little contrast for that instant (CI failed on one). Finite animations end first (at most 1 s).
    const ending = inPage.document
      .getAnimations()
      .filter((animation) => (animation.effect?.getTiming().iterations ?? 1) !== Number.POSITIVE_INFINITY)
      .map((animation) => animation.finished.catch(() => undefined));
    await Promise.race([Promise.all(ending), new Promise((resolve) => setTimeout(resolve, 1_000))]);
    const result = await inPage.axe.run(inPage.document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }));
  });
}
