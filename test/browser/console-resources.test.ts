/**
 * The console's Resources panel in headless Chromium (docs/console.md): for a document of a team's own, its
 * collections with the records the session shown holds, following another client's deletes and the session the
 * bar picks, and every operation with what serves it; for spec/openapi.yaml, that no collection is inferred.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMockInternals, type RunningMockInternals } from '../../src/server.ts';
import { launchBrowser } from '../support/browser.ts';
import { watchedPage, type WatchedPage } from '../support/browser-page.ts';
import { SPECS } from '../support/harness.ts';

/** Tells "the page follows" from "it never does"; the page itself reads every 500 ms. */
const FOLLOWS = { timeout: 3_000 };

let browser: Browser;
let own: RunningMockInternals;
let plain: RunningMockInternals;

beforeAll(async () => {
  [browser, own, plain] = await Promise.all([
    launchBrowser(),
    startMockInternals({ spec: 'examples/own-spec/openapi.yaml', users: 20 }),
    startMockInternals({ specs: SPECS, users: 20 }),
  ]);
});
afterAll(async () => {
  await browser.close();
  await Promise.all([own.close(), plain.close()]);
});

async function openConsole(mock: RunningMockInternals): Promise<WatchedPage> {
  const watched = await watchedPage(browser);
  await watched.page.goto(`${mock.url}/__admin/ui/`);
  await watched.page.waitForSelector('#live.on');
  await watched.page.waitForSelector('#resource-rows tr');
  return watched;
}

/** The panel's collections as `name path schema id parent unique records` rows. */
async function collections(page: Page): Promise<string[][]> {
  const rows = await page.locator('#resource-rows tr[data-collection]').all();
  return Promise.all(
    rows.map(async (row) => (await row.locator('td').allInnerTexts()).map((text) => text.trim())),
  );
}

/** A request of the served document, as another client (a test suite) sends it; its JSON answer. */
async function call(method: string, path: string, session?: string): Promise<unknown> {
  const { accessToken } = await own.session(session).token({ user: 'admin@example.com' });
  const res = await fetch(`${own.url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${accessToken}`,
      ...(session === undefined ? {} : { 'X-Mock-Session': session }),
    },
  });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return res.status === 204 ? undefined : res.json();
}

it('lists the collections with the records of the session shown, and what serves each operation', async () => {
  const { page, outside, failures, screenshot } = await openConsole(own);
  expect(await collections(page)).toEqual([
    ['users', '/users', 'User', 'id', '', '', '23'],
    ['workspaces', '/workspaces', 'Workspace', 'id', '', 'slug', '10'],
    ['projects', '/workspaces/{workspace}/projects', 'Project', 'id', 'workspaces', '', '30'],
  ]);
  expect(await page.locator('#resources-count').textContent()).toBe('3');
  expect(await page.locator('#resources-summary').textContent()).toBe(
    '41 operations: 5 collection, 10 item, 1 singleton, 2 example, 23 built-in',
  );
  await page.click('#resources-summary');
  const served = (id: string): Promise<string> =>
    page.locator(`#resource-operation-rows tr[data-operation="${id}"] .pill`).innerText();
  expect(await served('getCurrentUser')).toBe('singleton');
  expect(await served('createWorkspace')).toBe('collection');
  expect(await served('listUsers')).toBe('built-in');
  await screenshot('console-resources', page.locator('#resource-rows').locator('xpath=ancestor::section'));

  // Another client deletes a workspace, and its three projects with it: the counts follow.
  const [workspace] = (await call('GET', '/workspaces')) as { id: string }[];
  await call('DELETE', `/workspaces/${workspace?.id ?? ''}`);
  await page
    .locator('#resource-rows tr[data-collection="projects"] td:last-child', { hasText: /^27$/ })
    .waitFor(FOLLOWS);
  expect((await collections(page)).map((row) => row.at(-1))).toEqual(['23', '9', '27']);

  // A session of its own holds its own records.
  await call('DELETE', '/users/user', 'suite-r');
  await page.fill('#session-input', 'suite-r');
  await page.click('#session-form button[type=submit]');
  await page
    .locator('#resource-rows tr[data-collection="users"] td:last-child', { hasText: /^22$/ })
    .waitFor(FOLLOWS);
  expect((await collections(page)).map((row) => row.at(-1))).toEqual(['22', '10', '30']);
  expect(outside).toEqual([]);
  expect(failures).toEqual([]);
});

it('says that no collection is inferred from spec/openapi.yaml, every operation built-in', async () => {
  const { page, failures, screenshot } = await openConsole(plain);
  await page.locator('#resource-rows td.empty').waitFor(FOLLOWS);
  expect(await page.locator('#resource-rows td.empty').textContent()).toContain('No collections inferred');
  expect(await page.locator('#resources-count').isHidden()).toBe(true);
  const operations = SPECS.api.model.operations.length;
  expect(await page.locator('#resources-summary').textContent()).toBe(
    `${String(operations)} operations: ${String(operations)} built-in`,
  );
  await screenshot(
    'console-resources-default',
    page.locator('#resource-rows').locator('xpath=ancestor::section'),
  );
  expect(failures).toEqual([]);
});
