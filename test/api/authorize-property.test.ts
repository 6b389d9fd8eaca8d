/**
 * Property (docs/login.md): whatever the parameters of GET /authorize or of the login form, with or without a login
 * session, the browser is sent only to a URI the client allows: the `Location` of a redirect, the action of a
 * form_post page, the target origin of a web_message page. Checked by an oracle written independently of the mock's
 * URI rules.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Client } from '../../src/data/dataset.ts';
import { fixtureClient, smallDatasetWith } from '../support/auth.ts';
import { harness } from '../support/harness.ts';
import { authorize, CHALLENGE, loginCode, submitLogin } from '../support/login.ts';

const SHOP: Client = {
  ...fixtureClient('spa-client'),
  client_id: 'shop',
  redirect_uris: ['https://shop.example/auth/*', 'http://localhost:4000/cb'],
};

/** Whether the browser may be sent to `href` for `clientId`: the rules above, restated by hand. */
function allowed(clientId: string, href: string): boolean {
  const url = new URL(href);
  if (url.username !== '' || url.password !== '') return false;
  if (clientId === 'shop') {
    return (
      (url.protocol === 'https:' && url.host === 'shop.example' && url.pathname.startsWith('/auth/')) ||
      (url.protocol === 'http:' && url.host === 'localhost:4000' && url.pathname === '/cb')
    );
  }
  return url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1');
}

/** Whether a message may be posted to `origin` for `clientId`: the origin of an allowed URI. */
function allowedOrigin(clientId: string, origin: string): boolean {
  if (clientId === 'shop') return origin === 'https://shop.example' || origin === 'http://localhost:4000';
  const url = new URL(origin);
  return url.origin === origin && allowed(clientId, origin);
}

interface Destination {
  readonly target: string;
  /** A web_message target: an origin, not a URI. */
  readonly origin: boolean;
}

/** Every place a response sends the browser (or a message) to. */
function destinations(res: {
  status: number;
  headers: Record<string, unknown>;
  text: string;
}): Destination[] {
  const found: Destination[] = [];
  if (typeof res.headers.location === 'string') found.push({ target: res.headers.location, origin: false });
  const action = /<form method="post" action="([^"]*)" id="response">/.exec(res.text)?.[1];
  if (action !== undefined) found.push({ target: action.replace(/&amp;/g, '&'), origin: false });
  const origin = /postMessage\(.*, "([^"]*)"\);/.exec(res.text)?.[1];
  if (origin !== undefined) found.push({ target: origin, origin: true });
  return found;
}

const redirectUri = fc.oneof(
  { arbitrary: fc.constantFrom('http://localhost:5173/callback', 'https://shop.example/auth/cb'), weight: 3 },
  fc.constantFrom(
    'http://localhost:5173/callback',
    'http://127.0.0.1:8081/',
    'http://localhost/cb?x=1',
    'https://localhost:5173/callback',
    'http://localhost.evil.example/',
    'http://evil.example/?http://localhost:1/',
    'http://localhost:1@evil.example/',
    'http://user:pw@localhost:5173/',
    'http://localhost:5173/cb#frag',
    '//localhost:5173/cb',
    '/cb',
    'javascript:alert(1)//http://localhost',
    'http://2130706433/',
    'http://[::1]:5173/',
    'http://LOCALHOST:5173/Cb',
    'http://localhost:5173/%2e%2e/x',
    'https://shop.example/auth/done',
    'https://shop.example/authx',
    'https://shop.example:8443/auth/x',
    'http://localhost:4000/cb',
    'http://localhost:4000/cb/extra',
    'http://shop.example/auth/x',
  ),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.string({ maxLength: 40 }),
);

/** Mostly `likely`, sometimes anything of `others`: most runs get far enough to answer the client. */
function mostly<T>(likely: fc.Arbitrary<T>, others: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.oneof({ arbitrary: likely, weight: 4 }, { arbitrary: others, weight: 1 });
}

const params = fc.record(
  {
    client_id: mostly(
      fc.constantFrom('spa-client', 'shop', 'mock-client'),
      fc.constantFrom('ci-client', 'nope', ''),
    ),
    redirect_uri: redirectUri,
    response_type: mostly(fc.constant('code'), fc.constantFrom('token', 'id_token', '')),
    response_mode: fc.constantFrom('query', 'fragment', 'form_post', 'web_message', 'jwt', ''),
    code_challenge: mostly(fc.constant(CHALLENGE), fc.constantFrom('short', '')),
    code_challenge_method: mostly(fc.constant('S256'), fc.constantFrom('plain', 's256', '')),
    prompt: fc.constantFrom('none', 'login', 'consent', 'none login', ''),
    state: fc.string({ maxLength: 12 }),
    scope: fc.constantFrom('openid', 'openid offline_access', ''),
    audience: mostly(
      fc.constantFrom('https://identity.example.com/admin/v1', ''),
      fc.constant('https://other.example'),
    ),
  },
  { requiredKeys: ['client_id', 'redirect_uri', 'response_type', 'code_challenge', 'code_challenge_method'] },
);

describe('GET /authorize and POST /authorize/login never send the browser to a URI the client does not allow', () => {
  it('for any combination of parameters, with and without a session', async () => {
    const h = harness({ dataset: smallDatasetWith([fixtureClient('ci-client'), SHOP]) });
    const { cookie } = await loginCode(h);
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(params, fc.boolean(), fc.boolean(), async (p, withSession, viaForm) => {
        const fields = Object.fromEntries(Object.entries(p).filter(([, value]) => value !== ''));
        const res = viaForm
          ? await submitLogin(h, fields, { account: 'user@example.com' })
          : await authorize(h, fields, withSession ? cookie : undefined);
        expect(res.status).toBeLessThan(500);
        for (const destination of destinations(res)) {
          sent++;
          const client = fields.client_id ?? '';
          const ok = destination.origin
            ? allowedOrigin(client, destination.target)
            : allowed(client, destination.target);
          expect(ok, `${destination.target} for ${client}`).toBe(true);
        }
      }),
      { seed: 20_260_115, numRuns: 300 },
    );
    // The runs did reach the client (not only refusals): the property is not vacuous.
    expect(sent).toBeGreaterThan(30);
  });
});
