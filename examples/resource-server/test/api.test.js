// A resource server on express-oauth2-jwt-bearer, strict mode, against identity-mock: a client logs in through the
// mock's login page (openid-client, code flow with PKCE), calls the API with the access token, refreshes, and logs
// out at the provider.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startMock } from 'identity-mock';
import * as client from 'openid-client';
import { createApi } from '../app.js';
import { browser, signIn } from './browser.js';

const AUDIENCE = 'https://identity.example.com/admin/v1';
let mock;
let issuer;
let server;
let api;

function listen(app) {
  return new Promise((resolve) => {
    const listening = app.listen(0, () => resolve(listening));
  });
}

const close = (listening) => new Promise((resolve) => listening.close(resolve));

before(async () => {
  // strict: true accepts RFC 9068 access tokens only (`typ: at+jwt`, a client_id claim).
  mock = await startMock({ port: 0, accessTokenFormat: 'at+jwt' });
  issuer = `http://localhost:${new URL(mock.url).port}/`;
  server = await listen(createApi({ issuerBaseURL: issuer, audience: AUDIENCE, api: issuer }));
  api = `http://localhost:${server.address().port}`;
});

after(async () => {
  await close(server);
  await mock.close();
});

const bearer = (token) => ({ headers: { Authorization: `Bearer ${token}` } });

test('a signed-in client calls the API, refreshes and logs out', async () => {
  // The client: spa-client (public, PKCE), a redirect URI on localhost that the browser stops at.
  const config = await client.discovery(new URL(issuer), 'spa-client', undefined, client.None(), {
    execute: [client.allowInsecureRequests],
  });
  const redirectUri = 'http://localhost:5173/callback';
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const authorization = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid profile email offline_access',
    audience: AUDIENCE,
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  const b = browser();
  const atRedirect = (url) => url.href.startsWith(redirectUri);
  const loginPage = await b.navigate(authorization);
  const back = await signIn(b, loginPage, { stop: atRedirect });
  const tokens = await client.authorizationCodeGrant(config, back.url, {
    pkceCodeVerifier: verifier,
    expectedState: state,
  });
  assert.equal(tokens.claims().email, 'admin@example.com');

  const me = await fetch(`${api}/api/me`, bearer(tokens.access_token));
  assert.equal(me.status, 200);
  assert.deepEqual(await me.json(), {
    sub: tokens.claims().sub,
    clientId: 'spa-client',
    scope: 'openid profile email offline_access',
    type: 'at+jwt',
  });
  const team = await fetch(`${api}/api/team`, bearer(tokens.access_token));
  assert.equal(team.status, 200);
  const { total, names } = await team.json();
  assert.equal(names.length, 5);
  assert.ok(total > 5);

  // The refresh token grant: a new access token the API accepts, and a new refresh token (public clients rotate).
  const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token);
  assert.notEqual(refreshed.access_token, tokens.access_token);
  assert.notEqual(refreshed.refresh_token, tokens.refresh_token);
  assert.equal((await fetch(`${api}/api/team`, bearer(refreshed.access_token))).status, 200);

  // RP-initiated logout: the login session ends; the next silent authorization needs a login.
  const endSession = client.buildEndSessionUrl(config, {
    id_token_hint: refreshed.id_token,
    post_logout_redirect_uri: 'http://localhost:5173/',
  });
  const loggedOut = await b.navigate(endSession, {}, (url) => url.origin === 'http://localhost:5173');
  assert.equal(loggedOut.url.href, 'http://localhost:5173/');
  const silent = await b.navigate(
    client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      prompt: 'none',
    }),
    {},
    atRedirect,
  );
  assert.equal(silent.url.searchParams.get('error'), 'login_required');
});

test('the API refuses a missing token, an ID token and a token without read:users', async () => {
  const missing = await fetch(`${api}/api/me`);
  assert.equal(missing.status, 401);
  assert.match(missing.headers.get('www-authenticate'), /^Bearer realm="api"/);

  const password = async (username) => {
    const answer = await fetch(`${issuer}oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'mock-client',
        client_secret: 'mock-secret',
        username,
        password: 'Passw0rd!',
        scope: 'openid',
      }),
    });
    assert.equal(answer.status, 200);
    return answer.json();
  };
  const admin = await password('admin@example.com');
  // An ID token is no access token: its typ is JWT and its audience the client.
  const idToken = await fetch(`${api}/api/me`, bearer(admin.id_token));
  assert.equal(idToken.status, 401);
  assert.match(idToken.headers.get('www-authenticate'), /error="invalid_token"/);

  // client@example.com's role (saas_user_client) has read:current_user only.
  const user = await password('client@example.com');
  // claimIncludes fails as invalid_token (401); requiredScopes would answer 403 insufficient_scope.
  const forbidden = await fetch(`${api}/api/team`, bearer(user.access_token));
  assert.equal(forbidden.status, 401);
  assert.match(forbidden.headers.get('www-authenticate'), /error="invalid_token"/);
  assert.match((await forbidden.json()).message, /permissions/);
  assert.equal((await fetch(`${api}/api/me`, bearer(user.access_token))).status, 200);
});

test("strict mode refuses the mock's default, Auth0-style access tokens (typ JWT)", async () => {
  const auth0Style = await startMock({ port: 0 });
  const otherIssuer = `http://localhost:${new URL(auth0Style.url).port}/`;
  const strict = await listen(
    createApi({ issuerBaseURL: otherIssuer, audience: AUDIENCE, api: otherIssuer }),
  );
  const lenient = await listen(
    createApi({ issuerBaseURL: otherIssuer, audience: AUDIENCE, api: otherIssuer, strict: false }),
  );
  try {
    const answer = await fetch(`${otherIssuer}oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: 'mock-client',
        client_secret: 'mock-secret',
      }),
    });
    const { access_token: token } = await answer.json();
    const refused = await fetch(`http://localhost:${strict.address().port}/api/me`, bearer(token));
    assert.equal(refused.status, 401);
    assert.match(refused.headers.get('www-authenticate'), /error="invalid_token"/);
    const accepted = await fetch(`http://localhost:${lenient.address().port}/api/me`, bearer(token));
    assert.equal(accepted.status, 200);
    assert.equal((await accepted.json()).type, 'JWT');
  } finally {
    await close(strict);
    await close(lenient);
    await auth0Style.close();
  }
});
