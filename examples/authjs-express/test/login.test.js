// Auth.js against identity-mock, end to end: sign in through the mock's login page, call the users API with the
// access token, refresh it, and log out at the provider and in the app.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startMock } from 'identity-mock';
import { createApp } from '../app.js';
import { browser, signIn } from './browser.js';

let mock;
let server;
let app;
let issuer;

before(async () => {
  // Tokens live 30 s, less than the 60 s before expiry at which the app refreshes: every session read after the
  // login refreshes, so the refresh path runs without waiting.
  // The app's own client, registered in fixtures/clients.json: its redirect URI is Auth.js's callback, and it may log
  // out to Auth.js's sign-out page; fixtures/users.json has two users besides the three known accounts.
  mock = await startMock({
    port: 0,
    tokenTtl: 30,
    fixtures: fileURLToPath(new URL('../fixtures', import.meta.url)),
  });
  // The app and the mock on localhost, as in development (the mock's issuer follows the host a client uses).
  issuer = `http://localhost:${new URL(mock.url).port}/`;
  const express = createApp({
    issuer,
    api: issuer,
    clientId: 'authjs-app',
    clientSecret: 'authjs-app-secret',
    secret: 'a-test-secret-of-at-least-thirty-two-characters',
  });
  server = await new Promise((resolve) => {
    const listening = express.listen(0, () => resolve(listening));
  });
  app = `http://localhost:${server.address().port}`;
});

after(async () => {
  await new Promise((resolve) => server.close(resolve));
  await mock.close();
});

test('signs in, calls the users API, refreshes and logs out', async () => {
  const b = browser();
  // A protected page sends the browser to Auth.js's sign-in page, whose provider button starts the login.
  const signinPage = await b.navigate(`${app}/`);
  assert.equal(signinPage.url.pathname, '/auth/signin');
  const loginPage = await b.submit(signinPage, {}, { marker: 'identity-mock' });
  assert.equal(loginPage.url.origin, new URL(issuer).origin);
  assert.match(loginPage.text, /to <strong>Auth\.js example<\/strong>/);
  // The provider's `prompt: "consent"` reaches the mock, which shows its login page for it.
  assert.equal(loginPage.url.searchParams.get('prompt'), 'consent');
  const home = await signIn(b, loginPage);
  assert.equal(home.response.status, 200, home.text);
  assert.equal(home.url.href, `${app}/`);
  assert.deepEqual(JSON.parse(home.text).user, { name: 'Ada Admin', email: 'admin@example.com' });

  const first = await b.navigate(`${app}/users`);
  assert.equal(first.response.status, 200, first.text);
  const listed = JSON.parse(first.text);
  assert.equal(listed.total, 5);
  assert.deepEqual(listed.users.map((user) => user.email).sort(), [
    'admin@example.com',
    'ann.lee@example.com',
    'bo.ng@example.com',
    'client@example.com',
    'user@example.com',
  ]);

  // Reading the session (as the page's session hook does) refreshes the token and keeps the new one.
  const session = JSON.parse((await b.navigate(`${app}/auth/session`)).text);
  assert.equal(session.error, undefined);
  assert.equal(session.refreshed, 1);
  const second = JSON.parse((await b.navigate(`${app}/users`)).text);
  assert.equal(second.status, 200);
  assert.notEqual(second.tokenId, listed.tokenId);

  // RP-initiated logout: the provider's login session ends, then Auth.js's sign-out page ends the app's.
  const signoutPage = await b.navigate(`${app}/logout`);
  assert.equal(signoutPage.url.href, `${app}/auth/signout`);
  const signedOut = await b.submit(signoutPage);
  assert.equal(signedOut.response.status, 200);
  assert.equal((await b.navigate(`${app}/`)).url.pathname, '/auth/signin');
  const silent = await b.navigate(
    `${issuer}authorize?client_id=authjs-app&response_type=code&scope=openid&prompt=none&redirect_uri=${encodeURIComponent(`${app}/auth/callback/identity-mock`)}`,
    {},
    (url) => url.origin === app,
  );
  assert.equal(new URL(silent.url).searchParams.get('error'), 'login_required');
});
