/**
 * GET /authorize and the login page (docs/login.md): the page, the refusals that never redirect, the errors that go
 * back to the redirect URI, the four response modes, the login form and its failures, and the login session.
 */
import { describe, expect, it } from 'vitest';
import { fixtureClient, smallDatasetWith } from '../support/auth.ts';
import { harness } from '../support/harness.ts';
import {
  authorize,
  authorizeParams,
  locationOf,
  loginCode,
  REDIRECT,
  sessionCookieOf,
  submitLogin,
} from '../support/login.ts';

/** Asserts an HTML error page that redirects nowhere, and returns its text. */
function expectRefusal(
  res: { status: number; headers: Record<string, unknown>; text: string },
  message: RegExp,
): void {
  expect(res.status).toBe(400);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.headers.location).toBeUndefined();
  expect(String(res.headers['x-message'])).toMatch(message);
  expect(res.text).toContain('role="alert"');
}

describe('GET /authorize: the login page', () => {
  it('shows the known accounts as buttons and a labelled email + password form, never cached', async () => {
    const res = await authorize(harness(), authorizeParams({ login_hint: 'bob@example.com' }));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    for (const email of ['admin@example.com', 'user@example.com', 'client@example.com']) {
      expect(res.text).toContain(`name="account" value="${email}"`);
    }
    expect(res.text).toContain('<label for="email">Email</label>');
    expect(res.text).toContain('<label for="password">Password</label>');
    expect(res.text).toContain('value="bob@example.com"');
    expect(res.text).toContain('<html lang="en">');
    // The request travels on as hidden fields; prompt does not.
    expect(res.text).toContain(`<input type="hidden" name="state" value="state-1">`);
  });

  it('escapes what the request carries into the page', async () => {
    const res = await authorize(harness(), authorizeParams({ state: '"><script>alert(1)</script>' }));
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<script>alert(1)</script>');
    expect(res.text).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('ignores parameters it does not know (RFC 6749 §3.1), e.g. auth0-spa-js telemetry', async () => {
    const res = await authorize(harness(), { ...authorizeParams(), auth0Client: 'eyJuYW1lIjoiYXV0aDAifQ==' });
    expect(res.status).toBe(200);
  });
});

// A missing client_id or redirect_uri, or a relative one, is refused by the schema (spec/openapi.yaml): see
// spec-agreement-pending.test.ts for the page those refusals show.
describe('GET /authorize: refused with a page, never a redirect', () => {
  it.each([
    {
      name: 'an unknown client',
      params: authorizeParams({ client_id: 'nope' }),
      message: /unknown client_id "nope"; known clients: .*spa-client/,
    },
    {
      name: 'another host',
      params: authorizeParams({ redirect_uri: 'http://evil.example/cb' }),
      message: /is not allowed for client spa-client; allowed: http:\/\/localhost:\*/,
    },
    {
      name: 'https on localhost',
      params: authorizeParams({ redirect_uri: 'https://localhost:5173/cb' }),
      message: /not allowed/,
    },
    {
      name: 'a user name that hides the host',
      params: authorizeParams({ redirect_uri: 'http://localhost:1@evil.example/' }),
      message: /not allowed/,
    },
    {
      name: 'a fragment',
      params: authorizeParams({ redirect_uri: `${REDIRECT}#x` }),
      message: /not allowed/,
    },
    {
      name: 'a javascript: URI',
      params: authorizeParams({ redirect_uri: 'javascript:alert(1)' }),
      message: /not allowed/,
    },
  ])('$name', async ({ params, message }) => {
    expectRefusal(await authorize(harness(), params), message);
  });
});

describe('GET /authorize: errors go back to the redirect URI with state', () => {
  it.each([
    {
      name: 'response_type token',
      overrides: { response_type: 'token' },
      error: 'unsupported_response_type',
    },
    { name: 'no response_type', overrides: { response_type: undefined }, error: 'invalid_request' },
    {
      name: 'no code_challenge (public client)',
      overrides: { code_challenge: undefined, code_challenge_method: undefined },
      error: 'invalid_request',
      description: /PKCE/,
    },
    {
      name: 'the plain method',
      overrides: { code_challenge_method: 'plain' },
      error: 'invalid_request',
      description: /plain is not supported: use S256/,
    },
    {
      name: 'no method (plain by default)',
      overrides: { code_challenge_method: undefined },
      error: 'invalid_request',
      description: /plain/,
    },
    {
      name: 'a malformed challenge',
      overrides: { code_challenge: 'short' },
      error: 'invalid_request',
      description: /43 to 128/,
    },
    {
      name: 'an unknown prompt',
      overrides: { prompt: 'popup' },
      error: 'invalid_request',
      description: /prompt must be one of none, login, consent, select_account \(got popup\)/,
    },
    { name: 'prompt none with login', overrides: { prompt: 'none login' }, error: 'invalid_request' },
    {
      name: 'an unknown audience',
      overrides: { audience: 'https://other.example' },
      error: 'access_denied',
      description: /Service not found: https:\/\/other.example/,
    },
    {
      name: 'an unknown response_mode',
      overrides: { response_mode: 'jwt' },
      error: 'invalid_request',
      description: /response_mode must be one of query, fragment, form_post, web_message/,
    },
    {
      name: 'a client without the code grant',
      overrides: { client_id: 'ci-client' },
      error: 'unauthorized_client',
    },
  ])('$name: $error', async ({ overrides, error, description }) => {
    const h = harness({ dataset: smallDatasetWith([fixtureClient('ci-client')]) });
    const location = locationOf(await authorize(h, authorizeParams(overrides)));
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('error')).toBe(error);
    expect(location.searchParams.get('state')).toBe('state-1');
    expect(location.searchParams.get('code')).toBeNull();
    if (description !== undefined)
      expect(location.searchParams.get('error_description')).toMatch(description);
  });
});

describe('POST /authorize/login', () => {
  it('a known account button: 302 to the redirect URI with code and state, and an HttpOnly SameSite=Lax session cookie', async () => {
    const res = await submitLogin(harness(), authorizeParams(), { account: 'admin@example.com' });
    const location = locationOf(res);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(location.searchParams.get('state')).toBe('state-1');
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).join('\n');
    expect(cookie).toMatch(/^identity_mock_session=[A-Za-z0-9_-]+; Path=\/; HttpOnly; SameSite=Lax$/);
  });

  it('email and password of any user of the store; the query of the redirect URI is kept', async () => {
    const params = authorizeParams({ redirect_uri: `${REDIRECT}?tenant=a` });
    const res = await submitLogin(harness(), params, { email: 'bob@example.com', password: 'Passw0rd!' });
    const location = locationOf(res);
    expect(location.searchParams.get('tenant')).toBe('a');
    expect(location.searchParams.get('code')).not.toBeNull();
  });

  it.each([
    {
      name: 'a wrong password',
      fields: { email: 'bob@example.com', password: 'nope' },
      status: 401,
      message: 'Wrong email or password.',
    },
    {
      name: 'an unknown email',
      fields: { email: 'nobody@example.com', password: 'Passw0rd!' },
      status: 401,
      message: 'Wrong email or password.',
    },
    {
      name: 'a suspended user',
      fields: { email: 'alvarez@example.com', password: 'Passw0rd!' },
      status: 403,
      message: 'user is blocked (status suspended)',
    },
    {
      name: 'an account that is not a known one',
      fields: { account: 'bob@example.com' },
      status: 401,
      message: 'bob@example.com is not a known account of this dataset.',
    },
  ])('$name: the page again, $status, with the message in an alert', async ({ fields, status, message }) => {
    const res = await submitLogin(harness(), authorizeParams(), fields);
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.text).toContain(`<p class="alert" role="alert" id="login-error">${message}</p>`);
    expect(res.text).toContain('aria-invalid="true" aria-describedby="login-error"');
    expect(res.headers['x-message']).toBe(message);
  });

  it('the lock-out of the password grant applies: after 10 wrong passwords, 429 on the page', async () => {
    const h = harness();
    for (let i = 0; i < 10; i++) {
      expect(
        (await submitLogin(h, authorizeParams(), { email: 'bob@example.com', password: 'nope' })).status,
      ).toBe(401);
    }
    const res = await submitLogin(h, authorizeParams(), { email: 'bob@example.com', password: 'nope' });
    expect(res.status).toBe(429);
    expect(res.text).toContain('Your account has been blocked after 10 consecutive wrong passwords');
    // The right password is refused too while the lock-out lasts.
    const right = await submitLogin(h, authorizeParams(), {
      email: 'bob@example.com',
      password: 'Passw0rd!',
    });
    expect(right.status).toBe(429);
  });

  it('checks the carried request again: a tampered redirect_uri is refused with a page', async () => {
    const res = await submitLogin(harness(), authorizeParams({ redirect_uri: 'http://evil.example/' }), {
      account: 'admin@example.com',
    });
    expectRefusal(res, /not allowed/);
  });
});

describe('response modes', () => {
  it('fragment: the answer is in the fragment', async () => {
    const location = locationOf(
      await submitLogin(harness(), authorizeParams({ response_mode: 'fragment' }), {
        account: 'admin@example.com',
      }),
    );
    expect(location.search).toBe('');
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('code')).not.toBeNull();
    expect(fragment.get('state')).toBe('state-1');
  });

  it('form_post: a page that posts code and state to the redirect URI', async () => {
    const res = await submitLogin(harness(), authorizeParams({ response_mode: 'form_post' }), {
      account: 'admin@example.com',
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain(`<form method="post" action="${REDIRECT}" id="response">`);
    expect(res.text).toMatch(/<input type="hidden" name="code" value="[A-Za-z0-9_-]{43}">/);
    expect(res.text).toContain('<input type="hidden" name="state" value="state-1">');
  });

  it('web_message: a page that posts {type: authorization_response, response} to the redirect URI origin', async () => {
    const h = harness();
    const { cookie } = await loginCode(h);
    const res = await authorize(h, authorizeParams({ response_mode: 'web_message', prompt: 'none' }), cookie);
    expect(res.status).toBe(200);
    const match = /postMessage\((\{.*\}), "(.*)"\);/.exec(res.text);
    expect(match).not.toBeNull();
    const message = JSON.parse(match?.[1] ?? '{}') as { type: string; response: Record<string, string> };
    expect(message.type).toBe('authorization_response');
    expect(message.response.state).toBe('state-1');
    expect(message.response.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(match?.[2]).toBe('http://localhost:5173');
  });

  it('web_message: errors are messages too (login_required without a session)', async () => {
    const res = await authorize(harness(), authorizeParams({ response_mode: 'web_message', prompt: 'none' }));
    expect(res.status).toBe(200);
    expect(res.text).toContain('"error":"login_required"');
  });
});

describe('the login session', () => {
  it('with the cookie, /authorize answers at once with a code; prompt=none too', async () => {
    const h = harness();
    const { cookie } = await loginCode(h);
    for (const prompt of [undefined, 'none']) {
      const location = locationOf(await authorize(h, authorizeParams({ prompt }), cookie));
      expect(location.searchParams.get('code')).not.toBeNull();
    }
  });

  it('prompt=none without a session: error=login_required', async () => {
    const location = locationOf(await authorize(harness(), authorizeParams({ prompt: 'none' })));
    expect(location.searchParams.get('error')).toBe('login_required');
    expect(location.searchParams.get('state')).toBe('state-1');
  });

  it('prompt=none with a cookie the mock does not know: login_required', async () => {
    const location = locationOf(
      await authorize(harness(), authorizeParams({ prompt: 'none' }), 'identity_mock_session=forged'),
    );
    expect(location.searchParams.get('error')).toBe('login_required');
  });

  it('prompt=login always shows the page', async () => {
    const h = harness();
    const { cookie } = await loginCode(h);
    const res = await authorize(h, authorizeParams({ prompt: 'login' }), cookie);
    expect(res.status).toBe(200);
    expect(res.text).toContain('name="account"');
  });

  it('a reset ends every session', async () => {
    const h = harness();
    const { cookie } = await loginCode(h);
    await h.mock.session().reset();
    const location = locationOf(await authorize(h, authorizeParams({ prompt: 'none' }), cookie));
    expect(location.searchParams.get('error')).toBe('login_required');
  });

  it('a session whose user was deleted no longer counts', async () => {
    const h = harness();
    const res = await submitLogin(h, authorizeParams(), { email: 'bob@example.com', password: 'Passw0rd!' });
    const cookie = sessionCookieOf(res);
    const bob = h.allUsers().find((user) => user.email === 'bob@example.com');
    const del = await h.send('DELETE', `/users/${bob?.id ?? ''}`, { token: h.token('admin@example.com') });
    expect(del.status).toBe(204);
    const location = locationOf(await authorize(h, authorizeParams({ prompt: 'none' }), cookie));
    expect(location.searchParams.get('error')).toBe('login_required');
  });
});
