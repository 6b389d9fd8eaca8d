/**
 * `/docs` in headless Chromium: every operation of spec/openapi.yaml is listed, nothing is fetched from another
 * host, and "Try it out" with the token control's bearer gets 200 from GET /users.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  startMockInternals as startMock,
  type RunningMockInternals as RunningMock,
} from '../../src/server.ts';
import { launchBrowser } from '../support/browser.ts';
import { ARTIFACTS, watchedPage } from '../support/browser-page.ts';
import { SPECS } from '../support/harness.ts';

let browser: Browser;
let mock: RunningMock;
beforeAll(async () => {
  [browser, mock] = await Promise.all([launchBrowser(), startMock({ specs: SPECS, users: 50 })]);
});
afterAll(async () => {
  await browser.close();
  await mock.close();
});

/** The summary of every operation of the identity API's document. */
function summaries(): string[] {
  const paths = SPECS.api.doc['paths'] as Record<string, Record<string, { summary?: string }>>;
  return Object.values(paths).flatMap((item) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([, op]) => op.summary ?? ''),
  );
}

it('renders every operation summary with no failed request and none to another host', async () => {
  const { page, outside, failures, screenshot } = await watchedPage(browser);
  await page.goto(`${mock.url}/docs`);
  await page.waitForSelector('.opblock-summary-description');
  const shown = await page.locator('.opblock-summary-description').allTextContents();
  for (const summary of summaries()) expect(shown, summary).toContain(summary);
  await screenshot('docs');
  await page.screenshot({ path: `${ARTIFACTS}docs-top.png` });
  expect(outside).toEqual([]);
  expect(failures).toEqual([]);
  await page.context().close();
});

it('try it out: the token control fills the bearer and GET /users answers 200', async () => {
  const { page, outside, failures, screenshot } = await watchedPage(browser);
  await page.goto(`${mock.url}/docs#/User/listUsers`);
  await page.waitForSelector('#operations-User-listUsers');
  await page.selectOption('#token-account', 'admin@example.com');
  await page.click('#token-get');
  await page.waitForSelector('#token-status.ok');
  const operation = page.locator('#operations-User-listUsers');
  if ((await operation.locator('.try-out__btn').count()) === 0)
    await operation.locator('.opblock-summary').click();
  await operation.locator('.try-out__btn').click();
  await operation.locator('.execute').click();
  const status = operation.locator('.live-responses-table .response .response-col_status');
  await expect.poll(() => status.first().textContent(), { timeout: 10_000 }).toContain('200');
  // Query parameters start empty (not filled with the spec's examples): the first try lists users.
  const body = operation.locator('.live-responses-table .response .response-col_description').first();
  await expect.poll(() => body.textContent()).toContain('admin@example.com');
  const sent = (await mock.session().requests({ path: '/users', method: 'GET' }))[0];
  expect(sent?.request.headers['authorization']).toBe('Bearer [REDACTED]');
  await screenshot('docs-try-it', operation);
  await operation.locator('.live-responses-table').first().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${ARTIFACTS}docs-try-it-response.png` });
  expect(outside).toEqual([]);
  expect(failures).toEqual([]);
  await page.context().close();
});
