/**
 * A Chromium page for the browser tests that may reach only this machine: every request to another host is
 * blocked and recorded, as are failed requests and script errors, so a test can assert there were none. Screenshots
 * go to test/browser/artifacts/ (git-ignored), kept for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';

export const ARTIFACTS = fileURLToPath(new URL('../browser/artifacts/', import.meta.url));
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export interface WatchedPage {
  readonly page: Page;
  /** URLs of requests to another host (blocked). */
  readonly outside: string[];
  /** Requests that failed, and script errors, as `what: detail` lines. */
  readonly failures: string[];
  /** Saves the whole page, or one element of it, as `<name>.png`. */
  readonly screenshot: (name: string, element?: Locator) => Promise<void>;
}

export async function watchedPage(browser: Browser): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  const outside: string[] = [];
  const failures: string[] = [];
  await page.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'data:' || LOOPBACK.has(url.hostname)) {
      await route.continue();
      return;
    }
    outside.push(url.href);
    await route.abort('blockedbyclient');
  });
  page.on('requestfailed', (request) => {
    // A stream the page ends itself (leaving, or the test closing) is not a failure of the page.
    if (request.url().endsWith('/__admin/requests/stream')) return;
    failures.push(
      `request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? '?'})`,
    );
  });
  page.on('pageerror', (error) => {
    failures.push(`script error: ${error.message}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(`console error: ${message.text()}`);
  });
  mkdirSync(ARTIFACTS, { recursive: true });
  return {
    page,
    outside,
    failures,
    screenshot: async (name, element) => {
      const path = `${ARTIFACTS}${name}.png`;
      if (element === undefined) await page.screenshot({ path, fullPage: true });
      else await element.screenshot({ path });
    },
  };
}
