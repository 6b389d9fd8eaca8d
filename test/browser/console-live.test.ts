/**
 * The console follows the admin state in headless Chromium: what another client changes through the admin API
 * (fault and claim rules, rate limit, clock, signing keys, sessions, drift findings) shows without a reload; spent
 * rules are marked; a session's request count agrees with the journal beside it; the pages' own file loads are
 * out of the default journal view. The page reads every 500 ms: the timeouts below are generous, to tell a page
 * that follows from one that never does; the times it took are written to artifacts/console-follow.json.
 */
import { writeFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startDriftProxy } from '../../src/adapters/node/drift-proxy.ts';
import {
  startMockInternals as startMock,
  type RunningMockInternals as RunningMock,
} from '../../src/server.ts';
import { passwordFields } from '../support/auth.ts';
import { launchBrowser } from '../support/browser.ts';
import { ARTIFACTS, watchedPage } from '../support/browser-page.ts';
import { startDivergentUpstream } from '../support/divergent-upstream.ts';
import { SPECS } from '../support/harness.ts';

/** Tells "the page follows" from "it never does"; the page itself reads every 500 ms. */
const FOLLOWS = { timeout: 3_000 };

let browser: Browser;
let mock: RunningMock;
/** How long each change took to show once made, in ms (written as an artifact, not asserted). */
const followed: Record<string, number> = {};

beforeAll(async () => {
  [browser, mock] = await Promise.all([launchBrowser(), startMock({ specs: SPECS, users: 50 })]);
});
afterAll(async () => {
  writeFileSync(`${ARTIFACTS}console-follow.json`, `${JSON.stringify(followed, null, 2)}\n`);
  await browser.close();
  await mock.close();
});

/** Another client's admin call (no `Origin`: a test suite's). */
async function adminCall(method: string, path: string, body?: unknown, session?: string): Promise<Response> {
  const res = await fetch(`${mock.url}/__admin${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(session === undefined ? {} : { 'X-Mock-Session': session }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return res;
}

/**
 * Makes `change` from outside the page, waits for `shown`, and keeps how long the page took to show it after the
 * change was answered, under `name`.
 */
async function follows(name: string, change: () => Promise<unknown>, shown: Locator): Promise<void> {
  await change();
  const answered = performance.now();
  await shown.waitFor(FOLLOWS);
  followed[name] = Math.round(performance.now() - answered);
}

async function openConsole(page: Page): Promise<void> {
  await page.goto(`${mock.url}/__admin/ui/`);
  await page.waitForSelector('#live.on');
  await page.waitForSelector('#key-rows tr');
  // A mark that a reload would wipe.
  await page.evaluate('document.body.dataset.loadedOnce = "yes"');
}

it('follows changes any client makes to the admin state within a second, without a reload', async () => {
  await adminCall('POST', '/reset');
  const { page, outside, failures, screenshot } = await watchedPage(browser);
  await openConsole(page);
  const text = (selector: string): Locator => page.locator(selector);

  await follows(
    'fault rule added',
    () => adminCall('POST', '/faults', { method: 'GET', path: '/users*', status: 503, times: 2 }),
    text('#fault-rows tr[data-fault] td.path:has-text("/users*")'),
  );
  await follows(
    'rate limit on',
    () => adminCall('PUT', '/rate-limit', { limit: 50, window: '10s' }),
    text('#rate-status.on:has-text("50 requests per 10s")'),
  );
  await follows(
    'claim rule added',
    () =>
      adminCall('POST', '/claims', {
        match: { user: 'admin@example.com', grant_type: 'password' },
        set: { role: 'auditor' },
        token: 'both',
      }),
    text('#claim-rows tr[data-claim]:has-text("role: \\"auditor\\"")'),
  );
  await follows(
    'clock frozen',
    () => adminCall('PUT', '/clock', { now: '2030-01-01T00:00:00Z' }),
    text('#clock-state:text-is("frozen")'),
  );
  expect(await text('#clock-now').textContent()).toContain('2030-01-01 00:00:00');
  await follows(
    'clock advanced',
    () => adminCall('PUT', '/clock', { advance: '90m' }),
    text('#clock-now:has-text("01:30:00")'),
  );
  const keys = text('#key-rows tr');
  const first = await keys.first().getAttribute('data-kid');
  await follows(
    'key added',
    () => adminCall('POST', '/keys', {}),
    text('#key-rows tr:nth-child(2)[data-kid]'),
  );
  expect(await text('#key-rows tr.signing').getAttribute('data-kid')).not.toBe(first);
  await follows(
    'session started by a suite',
    () => fetch(`${mock.url}/health`, { headers: { 'X-Mock-Session': 'suite-live' } }),
    text('#session-rows tr[data-session="suite-live"]'),
  );
  await screenshot('console-live');

  await follows(
    'key retired',
    () => adminCall('DELETE', `/keys/${first ?? ''}`),
    // It stays listed, retired, until its grace ends (--key-grace).
    text(`#key-rows tr[data-kid="${first ?? ''}"][data-state="retired"]`),
  );
  await follows(
    'clock back to real time',
    () => adminCall('DELETE', '/clock'),
    text('#clock-state:text-is("real time")'),
  );
  await follows(
    'rate limit off',
    () => adminCall('PUT', '/rate-limit', { enabled: false }),
    text('#rate-status:text-is("Off")'),
  );
  await follows('claim rules removed', () => adminCall('DELETE', '/claims'), text('#claim-rows td.empty'));
  await follows('fault rules removed', () => adminCall('DELETE', '/faults'), text('#fault-rows td.empty'));
  await follows(
    'session dropped',
    () => adminCall('DELETE', '/sessions/suite-live'),
    text('#session-rows:not(:has(tr[data-session="suite-live"]))'),
  );
  expect(await page.evaluate('document.body.dataset.loadedOnce')).toBe('yes');
  expect(outside).toEqual([]);
  expect(failures).toEqual([]);
  await page.context().close();
});

it('marks spent fault and claim rules as spent, the others as live', async () => {
  await adminCall('POST', '/reset');
  const { page, failures, screenshot } = await watchedPage(browser);
  await openConsole(page);
  await adminCall('POST', '/faults', { method: 'GET', path: '/health', status: 503, times: 1 });
  await adminCall('POST', '/faults', { method: 'GET', path: '/users', delay_ms: 5 });
  await adminCall('POST', '/claims', { set: { tier: 'gold' }, times: 1 });
  await adminCall('POST', '/claims', { match: { grant_type: 'client_credentials' }, remove: ['scope'] });
  const once = page.locator('#fault-rows tr[data-fault="f1"]');
  await once.locator('.pill.live').waitFor(FOLLOWS);

  await follows(
    'fault rule spent',
    async () => {
      expect((await fetch(`${mock.url}/health`)).status).toBe(503);
    },
    once.locator('.pill.spent'),
  );
  await follows(
    'claim rule spent',
    async () => {
      const token = await fetch(`${mock.url}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(passwordFields('user@example.com')).toString(),
      });
      expect(token.status).toBe(200);
    },
    page.locator('#claim-rows tr[data-claim="c1"] .pill.spent'),
  );
  expect(await once.getAttribute('class')).toBe('spent');
  expect(await once.locator('td.fired').textContent()).toBe('1');
  expect(await page.locator('#fault-rows tr[data-fault="f2"] .pill').textContent()).toBe('live');
  const claimOnce = page.locator('#claim-rows tr[data-claim="c1"]');
  expect(await claimOnce.locator('td.applied').textContent()).toBe('1');
  expect(await page.locator('#claim-rows tr[data-claim="c2"] .pill').textContent()).toBe('live');
  await screenshot('console-spent', page.locator('.main'));
  expect(failures).toEqual([]);
  await page.context().close();
});

it("counts a session's requests as its journal does; page files are out of the default view, a filter shows them", async () => {
  await adminCall('POST', '/reset');
  const { page, failures, screenshot } = await watchedPage(browser);
  // A browser's own loads: GET / (sent on to the console), the icon, the API reference and its files.
  await page.goto(`${mock.url}/`);
  await page.waitForSelector('#live.on');
  const docs = await page.context().newPage();
  await docs.goto(`${mock.url}/docs`);
  await docs.waitForSelector('.swagger-ui .opblock');
  await docs.close();
  const token = (await mock.session().token({ user: 'admin@example.com' })).accessToken;
  for (const path of ['/users?page_size=2', '/users/nobody', '/health']) {
    await fetch(`${mock.url}${path}`, { headers: { Authorization: `Bearer ${token}` } });
    // Admin calls between them are not recorded, so they count nowhere.
    await adminCall('GET', '/faults');
  }

  /** What the server counts and what the page shows, side by side (the page catches up within a second). */
  const defaultRow = page.locator('#session-rows tr[data-session=""] td.num').nth(1);
  const counts = async (): Promise<{ server: string[]; page: string[] }> => {
    const listed = (await (await adminCall('GET', '/requests?limit=1000')).json()) as {
      requests: { path: string }[];
      total: number;
    };
    const files = listed.requests.filter((entry) =>
      ['/', '/favicon.ico', '/docs', '/openapi.json'].includes(entry.path.replace(/^\/docs\/.*/, '/docs')),
    ).length;
    return {
      server: [
        String(listed.total),
        `${listed.total - files} shown of ${listed.total} recorded`,
        `page files (${files})`,
      ],
      page: [
        (await defaultRow.textContent()) ?? '',
        (await page.locator('#journal-count').textContent()) ?? '',
        (await page.locator('#filter-pages-count').textContent()) ?? '',
      ],
    };
  };
  await expect
    .poll(async () => {
      const { server, page: shown } = await counts();
      return shown.join(' | ') === server.join(' | ')
        ? 'agree'
        : `${shown.join(' | ')} vs ${server.join(' | ')}`;
    }, FOLLOWS)
    .toBe('agree');
  const total = Number(await defaultRow.textContent());
  expect(total).toBeGreaterThan(8);
  expect(await page.locator('#journal-rows tr[data-id]').count()).toBe(3);
  await screenshot('console-counts');

  await page.check('#filter-pages');
  await expect.poll(() => page.locator('#journal-rows tr[data-id]').count()).toBe(total);
  await page.locator('#journal-rows tr', { hasText: '/favicon.ico' }).first().waitFor();
  expect(await page.locator('#journal-count').textContent()).toBe(`${total} recorded`);
  await screenshot('console-page-files');
  await page.uncheck('#filter-pages');
  await expect.poll(() => page.locator('#journal-rows tr[data-id]').count()).toBe(3);

  // Emptying the journal zeroes the count beside it.
  await page.click('#journal-clear');
  await page.locator('#journal-rows td.empty').waitFor();
  await expect.poll(() => defaultRow.textContent(), FOLLOWS).toBe('0');
  expect(failures).toEqual([]);
  await page.context().close();
});

it("shows the drift guard's findings as they are found", async () => {
  const upstream = await startDivergentUpstream();
  const proxy = await startDriftProxy({ upstream: upstream.url, doc: SPECS.api.doc, timeoutMs: 2_000 });
  try {
    const { page, failures, screenshot } = await watchedPage(browser);
    // The mock has no findings of its own (it answers by its spec): the page's reads of /__admin/drift go to a
    // drift proxy in front of a divergent service, whose answers the page gets unchanged.
    await page.route('**/__admin/drift', async (route) => {
      const response = await route.fetch({ url: `${proxy.url}/__admin/drift` });
      await route.fulfill({ response });
    });
    await openConsole(page);
    await page.locator('#drift-rows td.empty').waitFor(FOLLOWS);
    await follows(
      'drift finding',
      () => fetch(`${proxy.url}/users?page_size=5`),
      page.locator('#drift-rows tr[data-finding^="listUsers link"]'),
    );
    expect(await page.locator('#drift-count').textContent()).toBe(
      String(proxy.findings.listing().findings.length),
    );
    await fetch(`${proxy.url}/users?sort_by=name`);
    await page.locator('#drift-rows tr[data-finding*="sort_order"]').waitFor(FOLLOWS);
    await screenshot('console-drift', page.locator('#drift-rows').locator('xpath=ancestor::section'));
    expect(failures).toEqual([]);
    // The console keeps polling: a read in flight when the page closes is dropped, not reported as a failure.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.context().close();
  } finally {
    await proxy.close();
    await upstream.close();
  }
});
