/**
 * The console at /__admin/ui/ in headless Chromium: a request made by another client appears within 2 s, a fault
 * rule added in the page fires, reset empties it all; with --admin-token the page asks for the token once.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../src/server.ts';
import { launchBrowser } from '../support/browser.ts';
import { watchedPage } from '../support/browser-page.ts';
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

it('shows requests live, adds a fault rule that fires, resets', async () => {
  const { page, outside, failures, screenshot } = await watchedPage(browser);
  await page.goto(`${mock.url}/`, { waitUntil: 'load' });
  expect(new URL(page.url()).pathname).toBe('/__admin/ui/');
  await page.waitForSelector('#live.on');
  await page.waitForSelector('#accounts-rows input.token');

  // Another client's request appears without a reload, within 2 s.
  const token = mock.token({ user: 'admin@example.com' }).accessToken;
  const answer = await fetch(`${mock.url}/users?search=ada&page_size=3`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(answer.status).toBe(200);
  const row = page.locator('#journal-rows tr', { hasText: '/users?search=ada&page_size=3' });
  await row.waitFor({ timeout: 2_000 });
  await expect.poll(() => row.locator('.status').textContent()).toBe('200');

  // A row opens the redacted headers.
  await row.click();
  await expect.poll(() => page.locator('#journal-detail').textContent()).toContain('Bearer [REDACTED]');
  expect(await page.locator('#journal-detail').textContent()).not.toContain(token);
  await screenshot('console-journal');

  // A fault rule added through the form fires on the next matching request.
  await page.selectOption('#fault-form select[name=method]', 'GET');
  await page.fill('#fault-form input[name=path]', '/health');
  await page.fill('#fault-form input[name=status]', '503');
  await page.fill('#fault-form input[name=times]', '1');
  await page.click('#fault-form button[type=submit]');
  await page.waitForSelector('#fault-rows tr[data-fault]');
  expect(mock.control.faults.list()).toMatchObject([
    { method: 'GET', path: '/health', status: 503, times: 1 },
  ]);
  expect((await fetch(`${mock.url}/health`)).status).toBe(503);
  await page
    .locator('#journal-rows tr', { hasText: '/health' })
    .locator('.status', { hasText: '503' })
    .waitFor();
  await expect.poll(() => page.locator('#fault-rows tr[data-fault] .fired').textContent()).toBe('1');
  await screenshot('console-fault');

  // Filters narrow the list.
  await page.fill('#filter-status', '5xx');
  await expect.poll(() => page.locator('#journal-rows tr').count()).toBe(1);
  await page.fill('#filter-status', '');

  // Reset: no rules, an empty journal.
  await page.click('#reset');
  await page.waitForSelector('#data-status:has-text("Reset")');
  await page.waitForSelector('#fault-rows td.empty');
  expect(mock.control.faults.list()).toEqual([]);
  await page.waitForSelector('#journal-rows td.empty');
  await screenshot('console-reset');
  expect(outside).toEqual([]);
  expect(failures).toEqual([]);
  await page.context().close();
});

it('with --admin-token: asks for the token once and keeps it for the tab', async () => {
  const locked = await startMock({ specs: SPECS, users: 10, adminToken: 'let-me-in' });
  try {
    const { page, outside, screenshot } = await watchedPage(browser);
    await page.goto(`${locked.url}/__admin/ui/`);
    await page.waitForSelector('#token-gate:not([hidden])');
    await page.fill('#token-input', 'wrong');
    await page.click('#token-form button');
    await page.waitForSelector('#token-status:has-text("refused")');
    await screenshot('console-token');
    await page.fill('#token-input', 'let-me-in');
    await page.click('#token-form button');
    await page.waitForSelector('#live.on');
    await fetch(`${locked.url}/health`);
    await page.locator('#journal-rows tr', { hasText: '/health' }).waitFor({ timeout: 2_000 });
    await page.reload();
    await page.waitForSelector('#live.on');
    expect(await page.isHidden('#token-gate')).toBe(true);
    expect(outside).toEqual([]);
    await page.context().close();
  } finally {
    await locked.close();
  }
});
