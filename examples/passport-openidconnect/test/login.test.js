// Passport with passport-openidconnect against identity-mock, end to end: sign in through the mock's login page, call the users
// API with the access token, refresh it, and log out at the provider (RP-initiated logout).
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, test } from 'node:test';
import { startMock } from 'identity-mock';
import { createApp } from '../app.js';
import { browser, signIn } from './browser.js';

let mock;
let server;
let app;
let issuer;

before(async () => {
  mock = await startMock({ port: 0 });
  // The app and the mock on localhost, as in development (the mock's issuer follows the host a client uses).
  issuer = `http://localhost:${new URL(mock.url).port}/`;
  // The app's own address is its baseURL: the port is taken first, then the app answers on it.
  server = createServer();
  await new Promise((resolve) => server.listen(0, resolve));
  app = `http://localhost:${server.address().port}`;
  server.on(
    'request',
    createApp({
      issuer,
      callbackURL: `${app}/callback`,
      // mock-client is one of the mock's clients: confidential, any path on localhost allowed as redirect URI.
      clientID: 'mock-client',
      clientSecret: 'mock-secret',
      secret: 'a-test-secret-of-at-least-thirty-two-characters',
      api: issuer,
    }),
  );
});

after(async () => {
  await new Promise((resolve) => server.close(resolve));
  await mock.close();
});

test('signs in, calls the users API, refreshes and logs out', async () => {
  const b = browser();
  const loginPage = await b.navigate(`${app}/`);
  assert.equal(loginPage.url.origin, new URL(issuer).origin);
  const home = await signIn(b, loginPage);
  assert.equal(home.response.status, 200, home.text);
  assert.equal(home.url.href, `${app}/`);
  assert.deepEqual(JSON.parse(home.text).user, {
    id: 'auth0|00000000-0000-4000-8000-000000000001',
    displayName: 'Ada Admin',
    email: 'admin@example.com',
  });

  const first = JSON.parse((await b.navigate(`${app}/users`)).text);
  assert.equal(first.status, 200);
  assert.equal(first.users.length, 5);
  assert.ok(first.total > 5);

  const refresh = await b.request(`${app}/refresh`, { method: 'POST' });
  assert.equal(refresh.status, 200);
  const refreshed = await refresh.json();
  assert.equal(refreshed.before, first.tokenId);
  assert.notEqual(refreshed.after, refreshed.before);
  const second = JSON.parse((await b.navigate(`${app}/users`)).text);
  assert.equal(second.status, 200);
  assert.equal(second.tokenId, refreshed.after);

  // /logout ends the app's session and sends the browser to the provider's end-session endpoint, which ends the
  // login session and comes back to the app.
  const loggedOut = await b.navigate(
    `${app}/logout`,
    {},
    (url) => url.origin === app && url.pathname === '/',
  );
  assert.equal(loggedOut.url.href, `${app}/`);
  assert.equal((await b.navigate(`${app}/`)).url.origin, new URL(issuer).origin);
  assert.equal(b.cookies('localhost').has('identity_mock_session'), false);
  const silent = await b.navigate(
    `${issuer}authorize?client_id=mock-client&response_type=code&scope=openid&prompt=none&redirect_uri=${encodeURIComponent(`${app}/cb`)}`,
    {},
    (url) => url.origin === app,
  );
  assert.equal(silent.url.searchParams.get('error'), 'login_required');
});

test('an issuer without its trailing slash is refused at the callback', async () => {
  const exact = new URL(issuer).origin; // http://localhost:PORT, where the ID token says http://localhost:PORT/
  const other = createServer();
  await new Promise((resolve) => other.listen(0, resolve));
  const base = `http://localhost:${other.address().port}`;
  other.on(
    'request',
    createApp({
      issuer: exact,
      callbackURL: `${base}/callback`,
      clientID: 'mock-client',
      clientSecret: 'mock-secret',
      secret: 'a-test-secret-of-at-least-thirty-two-characters',
      api: issuer,
    }),
  );
  try {
    const b = browser();
    const loginPage = await b.navigate(`${base}/`);
    const callback = await signIn(b, loginPage);
    assert.equal(callback.url.pathname, '/callback');
    assert.equal(callback.response.status, 403);
  } finally {
    await new Promise((resolve) => other.close(resolve));
  }
});
