/**
 * The browser login with real libraries in a real browser (docs/login.md): headless Chromium loads a test app from
 * another origin that uses oidc-client-ts and @auth0/auth0-spa-js unchanged. Each logs in through the login page
 * (a known account's button), calls GET /users with its token and reads the CORS-exposed headers, renews silently
 * (oidc-client-ts with a rotating refresh token, auth0-spa-js with its web_message iframe), and logs out. With the
 * identity provider steered from the test (docs/tokens.md), each sees the claim a claim rule sets, and renews after
 * the session clock moves past the expiry of its token. The run leaves a screenshot of the login page in
 * test/browser/artifacts/.
 */
import { mkdirSync } from 'node:fs';
import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  startMockInternals as startMock,
  type RunningMockInternals as RunningMock,
} from '../../src/server.ts';
import { launchBrowser } from '../support/browser.ts';
import { startSpa, type SpaServer } from './spa-server.ts';

const AUDIENCE = 'https://identity.example.com/admin/v1';
export const ARTIFACTS = new URL('./artifacts/', import.meta.url);

interface ApiAnswer {
  readonly status: number;
  readonly total: string | null;
  readonly message: string | null;
  readonly count: number;
}

let browser: Browser;
let mock: RunningMock;
let spa: SpaServer;

beforeAll(async () => {
  // The real clock: the libraries check token times against the browser's.
  [browser, mock] = await Promise.all([launchBrowser(), startMock({ port: 0, users: 30 })]);
  spa = await startSpa(mock.url, AUDIENCE);
});

afterAll(async () => {
  await Promise.all([browser.close(), mock.close(), spa.close()]);
});

/** A fresh browser context (no cookies) on `path` of the app, once its script has run. */
async function openApp(path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('pageerror', (error) => {
    console.error(`page error on ${page.url()}: ${error.message}`);
  });
  await page.goto(`${spa.origin}${path}`);
  await page.evaluate(() => (globalThis as unknown as { ready: Promise<void> }).ready);
  return page;
}

/** Calls `window.app[name](arg)` in the page and returns its result. */
function call<T>(page: Page, name: string, arg?: unknown): Promise<T> {
  return page.evaluate(
    ([n, a]) => (globalThis as unknown as { app: Record<string, (x: unknown) => Promise<T>> }).app[n]?.(a),
    [name, arg] as const,
  ) as Promise<T>;
}

/** GET /users from the page, cross-origin, with `token`. */
function listUsers(page: Page, token: string): Promise<ApiAnswer> {
  return page.evaluate(
    async ([url, bearer]) => {
      const res = await fetch(`${url}/users?page_size=5`, { headers: { Authorization: `Bearer ${bearer}` } });
      const body = (await res.json()) as unknown[];
      return {
        status: res.status,
        total: res.headers.get('X-Total-Count'),
        message: res.headers.get('X-Message'),
        count: body.length,
      };
    },
    [mock.url, token] as const,
  );
}

/** Starts a login with `start`, lands on the login page, and signs in as the known account `email`. */
async function signInThroughPage(
  page: Page,
  start: string,
  email: string,
  returnPath: string,
): Promise<void> {
  await Promise.all([page.waitForURL(`${mock.url}/authorize?**`), call(page, start).catch(() => undefined)]);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.getByRole('button', { name: new RegExp(email.replace(/[.@]/g, '\\$&')) }).click();
  await page.waitForURL(`${spa.origin}${returnPath}`);
  await page.evaluate(() => (globalThis as unknown as { ready: Promise<void> }).ready);
}

describe('the login page', () => {
  it('lists the known accounts as buttons, labels its inputs, and is kept as a screenshot', async () => {
    const page = await openApp('/oidc.html');
    await Promise.all([
      page.waitForURL(`${mock.url}/authorize?**`),
      call(page, 'login').catch(() => undefined),
    ]);
    const email = page.getByRole('textbox', { name: 'Email' });
    const password = page.getByLabel('Password', { exact: true });
    expect(await email.getAttribute('type')).toBe('email');
    expect(await password.getAttribute('type')).toBe('password');
    expect(await page.getByRole('button', { name: /^Continue as/ }).count()).toBe(3);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: new URL('login-page.png', ARTIFACTS).pathname, fullPage: true });
    // Keyboard: the first Tab stop is the first known account.
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate(
        () =>
          (globalThis as unknown as { document: { activeElement: { textContent: string | null } | null } })
            .document.activeElement?.textContent ?? '',
      ),
    ).toContain('Continue as Ada Admin');
    await email.fill('admin@example.com');
    await password.fill('wrong password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    expect(await page.getByRole('alert').textContent()).toContain('Wrong email or password.');
    expect(await email.inputValue()).toBe('admin@example.com');
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({ path: new URL('login-page-error.png', ARTIFACTS).pathname, fullPage: true });
    // After a failure the password field has the focus: type and press Enter.
    await page.keyboard.type('Passw0rd!');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${spa.origin}/oidc.html`);
    await page.context().close();
  });
});

describe('oidc-client-ts', () => {
  it('logs in by redirect, calls the API, renews with a rotating refresh token, logs out', async () => {
    const page = await openApp('/oidc.html');
    await signInThroughPage(page, 'login', 'admin@example.com', '/oidc.html');
    const user = await call<{
      access_token: string;
      refresh_token: string;
      id_token: string;
      profile: Record<string, unknown>;
    }>(page, 'user');
    expect(user.profile).toMatchObject({
      email: 'admin@example.com',
      nickname: 'admin',
      email_verified: true,
    });
    expect(user.profile.sub).toBe('auth0|00000000-0000-4000-8000-000000000001');
    const answer = await listUsers(page, user.access_token);
    expect(answer).toMatchObject({
      status: 200,
      total: '33',
      message: 'Data retrieved successfully',
      count: 5,
    });

    await call(page, 'renew');
    const renewed = await call<{ access_token: string; refresh_token: string }>(page, 'user');
    expect(renewed.access_token).not.toBe(user.access_token);
    expect(renewed.refresh_token).not.toBe(user.refresh_token);
    expect((await listUsers(page, renewed.access_token)).status).toBe(200);

    await Promise.all([
      page.waitForURL(`${spa.origin}/oidc.html?signed-out`),
      call(page, 'logout').catch(() => undefined),
    ]);
    await page.evaluate(() => (globalThis as unknown as { ready: Promise<void> }).ready);
    expect(await call(page, 'user')).toBeNull();
    // The login session is gone: a silent sign-in (prompt=none in an iframe) is refused.
    const silent = await page.evaluate(() =>
      (globalThis as unknown as { app: { renew: () => Promise<unknown> } }).app.renew().then(
        () => 'signed in',
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      ),
    );
    expect(silent).toContain('Login required');
    await page.context().close();
  });
});

describe('@auth0/auth0-spa-js', () => {
  it('logs in by redirect, calls the API, renews in its web_message iframe, logs out', async () => {
    const page = await openApp('/auth0.html');
    await signInThroughPage(page, 'login', 'user@example.com', '/auth0.html');
    const user = await call<Record<string, unknown>>(page, 'user');
    expect(user).toMatchObject({ email: 'user@example.com', name: 'Uma User', nickname: 'user' });
    const token = await call<string>(page, 'token');
    const answer = await listUsers(page, token);
    expect(answer).toMatchObject({ status: 200, message: 'Data retrieved successfully', count: 5 });
    expect(Number(answer.total)).toBeGreaterThan(0);

    const renewed = await call<string>(page, 'token', { cacheMode: 'off' });
    expect(renewed).not.toBe(token);
    expect((await listUsers(page, renewed)).status).toBe(200);

    await Promise.all([
      page.waitForURL(`${spa.origin}/auth0.html?signed-out`),
      call(page, 'logout').catch(() => undefined),
    ]);
    await page.evaluate(() => (globalThis as unknown as { ready: Promise<void> }).ready);
    expect(await call(page, 'user')).toBeUndefined();
    const silent = await page.evaluate(() =>
      (globalThis as unknown as { app: { token: (o: unknown) => Promise<unknown> } }).app
        .token({ cacheMode: 'off' })
        .then(
          () => 'signed in',
          (error: unknown) => (error as { error?: string }).error ?? String(error),
        ),
    );
    expect(silent).toBe('login_required');
    await page.context().close();
  });

  it('with useRefreshTokens: renews with rotating refresh tokens from its web worker', async () => {
    const page = await openApp('/auth0-refresh.html');
    await signInThroughPage(page, 'login', 'client@example.com', '/auth0-refresh.html');
    const token = await call<string>(page, 'token');
    const before = (await mock.session().requests({ path: '/oauth/token' })).length;
    const renewed = await call<string>(page, 'token', { cacheMode: 'off' });
    const again = await call<string>(page, 'token', { cacheMode: 'off' });
    expect(new Set([token, renewed, again]).size).toBe(3);
    const grants = (await mock.session().requests({ path: '/oauth/token' }))
      .slice(0, (await mock.session().requests({ path: '/oauth/token' })).length - before)
      .map((entry) => (entry.request.body as { grant_type?: string } | undefined)?.grant_type);
    expect(grants).toEqual(['refresh_token', 'refresh_token']);
    // client@example.com (saas_user_client) lacks read:users: the API says so, readably, through CORS.
    expect(await listUsers(page, again)).toMatchObject({ status: 403 });
    await page.context().close();
  });
});

describe('steered from the test: a claim rule in force, the clock moved past expiry', () => {
  const DAY_AND_HOUR = '25h';

  afterEach(async () => {
    mock.control.claims.clear();
    await mock.session().clock.real();
  });

  it('oidc-client-ts sees the claim in its profile, and renews once its token has expired', async () => {
    await mock.session().claims({
      match: { clientId: 'spa-client' },
      set: { tenant: 'acme', roles: ['editor'] },
      token: 'both',
    });
    const page = await openApp('/oidc.html');
    await signInThroughPage(page, 'login', 'user@example.com', '/oidc.html');
    const user = await call<{ access_token: string; profile: Record<string, unknown> }>(page, 'user');
    expect(user.profile).toMatchObject({ tenant: 'acme', roles: ['editor'], email: 'user@example.com' });
    expect(decodeJwt(user.access_token)).toMatchObject({ tenant: 'acme' });
    expect((await listUsers(page, user.access_token)).status).toBe(200);

    await mock.session().clock.advance(DAY_AND_HOUR);
    expect((await listUsers(page, user.access_token)).status).toBe(401);
    await call(page, 'renew');
    const renewed = await call<{ access_token: string; profile: Record<string, unknown> }>(page, 'user');
    expect(renewed.access_token).not.toBe(user.access_token);
    expect(renewed.profile.tenant).toBe('acme');
    expect((await listUsers(page, renewed.access_token)).status).toBe(200);
    await page.context().close();
  });

  it('auth0-spa-js sees the claim in getUser(), and renews in its iframe once its token has expired', async () => {
    await mock.session().claims({ match: { user: 'admin' }, set: { tenant: 'globex' }, token: 'both' });
    const page = await openApp('/auth0.html');
    await signInThroughPage(page, 'login', 'admin@example.com', '/auth0.html');
    expect(await call<Record<string, unknown>>(page, 'user')).toMatchObject({
      tenant: 'globex',
      email: 'admin@example.com',
    });
    const token = await call<string>(page, 'token');
    expect(decodeJwt(token).tenant).toBe('globex');

    await mock.session().clock.advance(DAY_AND_HOUR);
    expect((await listUsers(page, token)).status).toBe(401);
    const renewed = await call<string>(page, 'token', { cacheMode: 'off' });
    expect(renewed).not.toBe(token);
    // Issued by the session's clock, a day and an hour on.
    expect(decodeJwt(renewed).tenant).toBe('globex');
    expect(Number(decodeJwt(renewed).iat) - Number(decodeJwt(token).iat)).toBeGreaterThanOrEqual(25 * 3600);
    expect((await listUsers(page, renewed)).status).toBe(200);
    await page.context().close();
  });
});
