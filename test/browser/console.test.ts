/**
 * The console at /__admin/ui/ in headless Chromium: a request made by another client appears within 2 s, a fault
 * rule added in the page fires, reset empties it all; the session selector shows one session's requests and sends
 * every admin call there, and looking at a session that is not live does not start it; with --admin-token the page
 * asks for the token once.
 */
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  startMockInternals as startMock,
  type RunningMockInternals as RunningMock,
} from '../../src/server.ts';
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
  const token = (await mock.session().token({ user: 'admin@example.com' })).accessToken;
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

it('shows the session chosen in the bar: its requests live, its fault rules; the panel drops one', async () => {
  const { page, outside, failures, screenshot } = await watchedPage(browser);
  const token = (await mock.session().token({ user: 'admin@example.com' })).accessToken;
  /** Another client's `GET path`, in `session` (undefined: the default one). */
  const call = async (path: string, session?: string): Promise<number> =>
    (
      await fetch(`${mock.url}${path}`, {
        headers: {
          Authorization: `Bearer ${token}`,
          ...(session === undefined ? {} : { 'X-Mock-Session': session }),
        },
      })
    ).status;
  const rows = (text: string): Locator => page.locator('#journal-rows tr', { hasText: text });

  await page.goto(`${mock.url}/__admin/ui/`, { waitUntil: 'load' });
  await page.waitForSelector('#live.on');
  const shown = page.locator('#session-select option:checked');
  expect(await shown.textContent()).toBe('default');
  expect(await call('/users?search=ada&page_size=2', 'suite-a')).toBe(200);
  expect(await call('/users?page_size=4')).toBe(200);
  // The default view: the default request, not suite-a's.
  await rows('/users?page_size=4').waitFor({ timeout: 2_000 });
  expect(await rows('/users?search=ada&page_size=2').count()).toBe(0);

  // suite-a is offered once the list is read again (on focus), and choosing it shows its journal only.
  await page.focus('#session-select');
  await page.locator('#session-select option[value="suite-a"]').waitFor({ state: 'attached' });
  await page.selectOption('#session-select', 'suite-a');
  await expect.poll(() => page.locator('#journal-session').textContent()).toBe('suite-a');
  await rows('/users?search=ada&page_size=2').waitFor({ timeout: 2_000 });
  expect(await rows('/users?page_size=4').count()).toBe(0);
  // Live: a new request in suite-a appears, one in the default session does not.
  expect(await call('/users?page_size=7')).toBe(200);
  expect(await call('/users?search=grace', 'suite-a')).toBe(200);
  await rows('/users?search=grace').waitFor({ timeout: 2_000 });
  expect(await rows('/users?page_size=7').count()).toBe(0);

  // A fault rule added now belongs to suite-a, not to the default session.
  await page.fill('#fault-form input[name=path]', '/health');
  await page.fill('#fault-form input[name=status]', '503');
  await page.click('#fault-form button[type=submit]');
  await page.waitForSelector('#fault-rows tr[data-fault]');
  expect(mock.control.faults.list()).toEqual([]);
  expect(await call('/health', 'suite-a')).toBe(503);
  expect(await call('/health')).toBe(200);

  // The panel lists both sessions with their figures, suite-a marked as shown.
  const suiteA = page.locator('#session-rows tr[data-session="suite-a"]');
  await expect.poll(() => suiteA.getAttribute('class')).toBe('chosen');
  await expect
    .poll(async () => Number(await suiteA.locator('td.num').nth(1).textContent()))
    .toBeGreaterThan(2);
  expect(await suiteA.locator('td.num').first().textContent()).toBe(String(mock.state.store.size));
  expect(await page.locator('#session-rows tr[data-session=""]').count()).toBe(1);
  await page.locator('#journal-rows tr', { hasText: '/health' }).waitFor();
  await expect.poll(() => page.locator('#fault-rows tr[data-fault] .fired').textContent()).toBe('1');
  await screenshot('console-sessions');

  // An id typed in is checked, then shown (a new session, with an empty journal).
  await page.fill('#session-input', 'not valid!');
  await page.click('#session-form button');
  expect(await page.locator('#journal-session').textContent()).toBe('suite-a');
  await page.fill('#session-input', 'suite-b');
  await page.click('#session-form button');
  await expect.poll(() => page.locator('#journal-session').textContent()).toBe('suite-b');
  await page.waitForSelector('#journal-rows td.empty');
  await page.waitForSelector('#fault-rows td.empty');
  // Looking starts nothing: the page waits for the session's first request.
  await page.waitForSelector('#session-waiting:not([hidden])');
  await page.waitForSelector('#live:text-is("waiting for the session")');
  expect(mock.sessions.has('suite-b')).toBe(false);
  expect(await call('/users?search=ada&page_size=1', 'suite-b')).toBe(200);
  await rows('/users?search=ada&page_size=1').waitFor({ timeout: 3_000 });
  await page.waitForSelector('#live.on');
  expect(await page.isHidden('#session-waiting')).toBe(true);

  // Dropping the session shown goes back to the default one.
  await page.locator('#session-rows tr[data-session="suite-b"]').waitFor();
  await page.locator('#session-rows tr[data-session="suite-b"] button', { hasText: 'Drop' }).click();
  await expect.poll(() => page.locator('#journal-session').textContent()).toBe('default');
  expect(await shown.textContent()).toBe('default');
  await rows('/users?page_size=7').waitFor({ timeout: 2_000 });
  expect(mock.sessions.has('suite-b')).toBe(false);
  expect(mock.sessions.has('suite-a')).toBe(true);

  // A session a suite drops while the page shows it is not started again by the page's later reads. (The drop is
  // made between two rounds of reads: one that lands while a round's reads are in flight may still start it anew.)
  const round = (): Promise<unknown> =>
    Promise.all(
      ['/faults', '/rate-limit', '/claims', '/clock'].map((path) =>
        page.waitForResponse(
          (res) =>
            res.url().endsWith(`/__admin${path}`) && res.request().headers()['x-mock-session'] === 'suite-a',
        ),
      ),
    );
  const readInSuiteA = round();
  await page.selectOption('#session-select', 'suite-a');
  await readInSuiteA;
  await page.waitForSelector('#live.on');
  await round();
  expect((await fetch(`${mock.url}/__admin/sessions/suite-a`, { method: 'DELETE' })).status).toBe(204);
  await page.waitForSelector('#session-waiting:not([hidden])', { timeout: 3_000 });
  // Two more rounds of the page's reads.
  for (let i = 0; i < 2; i++)
    await page.waitForResponse((res) => res.url().endsWith('/__admin/sessions'), { timeout: 3_000 });
  expect(mock.sessions.has('suite-a')).toBe(false);
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

it("the signing keys panel: each key's state and its times; Publish new key, Activate, Rotate, Retire", async () => {
  const { page, outside, failures, screenshot } = await watchedPage(browser);
  const card = page.locator('section.card', { has: page.locator('#key-rows') });
  const row = (state: string): Locator => page.locator(`#key-rows tr[data-state="${state}"]`);
  await page.goto(`${mock.url}/__admin/ui/`);
  await page.waitForSelector('#live.on');
  await row('active').waitFor();
  const original = await row('active').getAttribute('data-kid');
  expect(await row('active').locator('td.state').textContent()).toBe('active');
  expect(await row('active').locator('button.activate').count()).toBe(0);
  // The only key cannot be retired.
  expect(await row('active').locator('button.retire').isDisabled()).toBe(true);

  // Publish new key: in the JWKS, not signing, until Activate.
  await page.click('#keys-publish');
  await row('published').waitFor({ timeout: 5_000 });
  const published = await row('published').getAttribute('data-kid');
  expect(await row('published').locator('td.state').textContent()).toBe('publisheduntil activated');
  expect(mock.signingKeys.list().map((k) => [k.kid, k.state])).toEqual([
    [original, 'active'],
    [published, 'published'],
  ]);
  await page.waitForSelector('#keys-status:has-text("is published; Activate makes it sign")');

  // One staged by a suite shows when it will sign by itself.
  const at = new Date(Date.now() + 3_600_000);
  const staged = await mock.signingKeys.add({ activateAt: at });
  const stagedRow = page.locator(`#key-rows tr[data-kid="${staged.kid}"]`);
  await stagedRow.waitFor({ timeout: 3_000 });
  expect(await stagedRow.locator('td.state .when').textContent()).toBe(
    `signs at ${at.toISOString().slice(11, 19)}`,
  );

  await screenshot('console-keys-staged', card);

  // Activate: the published key signs; the one before stays published.
  await row('published').filter({ hasText: 'until activated' }).locator('button.activate').click();
  await page.waitForSelector(`#key-rows tr[data-state="active"][data-kid="${published ?? ''}"]`, {
    timeout: 3_000,
  });
  expect(mock.signingKeys.list()[0]).toMatchObject({ kid: published, state: 'active' });
  expect(await page.locator(`#key-rows tr[data-kid="${original ?? ''}"]`).getAttribute('data-state')).toBe(
    'published',
  );

  // Retire: still listed, verifying until its grace ends, with no buttons left.
  const originalRow = page.locator(`#key-rows tr[data-kid="${original ?? ''}"]`);
  await originalRow.locator('button.retire').click();
  await page.waitForSelector(`#key-rows tr[data-state="retired"][data-kid="${original ?? ''}"]`, {
    timeout: 3_000,
  });
  const removedAt = mock.signingKeys.list().find((k) => k.kid === original)?.removedAt ?? '';
  expect(await originalRow.locator('td.state').textContent()).toBe(`retireduntil ${removedAt.slice(11, 19)}`);
  expect(await originalRow.locator('button').count()).toBe(0);

  // Rotate: a new key signs at once.
  await page.click('#keys-add');
  await page.waitForSelector('#keys-status:has-text("signs new tokens")');
  await expect.poll(() => mock.signingKeys.list()[0]?.kid).not.toBe(published);
  await page.waitForSelector(`#key-rows tr[data-state="active"]:not([data-kid="${published ?? ''}"])`, {
    timeout: 3_000,
  });
  await screenshot('console-keys', card);
  expect(outside).toEqual([]);
  expect(failures).toEqual([]);
  await page.context().close();
});
