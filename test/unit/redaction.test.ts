import { describe, expect, it } from 'vitest';
import {
  MAX_REDACT_DEPTH,
  OMITTED,
  REDACTED,
  redactBody,
  redactHeaders,
  redactUrl,
} from '../../src/control/redaction.ts';

describe('redactUrl: secret query and fragment parameters, whatever their spelling', () => {
  it.each([
    { name: 'access_token', url: '/userinfo?access_token=abc&x=1' },
    { name: 'id_token_hint', url: '/oidc/logout?id_token_hint=eyJ.a.b&state=s' },
    { name: 'code', url: '/cb?code=c0de&state=s' },
    { name: 'client_secret', url: '/oauth/token?client_secret=shh' },
    { name: 'refresh_token', url: '/oauth/token?refresh_token=r' },
    { name: 'password', url: '/oauth/token?password=Passw0rd!' },
    { name: 'a percent-encoded name', url: '/userinfo?access%5Ftoken=abc' },
    { name: 'a name given twice', url: '/userinfo?access_token=a&access_token=b' },
    { name: 'a fragment', url: '/cb#code=c0de&state=s' },
  ])('$name', ({ url }) => {
    const redacted = redactUrl(url);
    expect(redacted).not.toMatch(/abc|eyJ|c0de|shh|=r(&|$)|Passw0rd|=a&|=b$/);
    expect(decodeURIComponent(redacted)).toContain(REDACTED);
  });

  it('leaves a URL without a secret exactly as it was', () => {
    for (const url of ['/users?page=2&search=a%20b', '/users', '/x?', '/#frag', '/users?code_name=x']) {
      expect(redactUrl(url)).toBe(url);
    }
  });
});

describe('redactHeaders: credentials and any header named for a token, secret, password or key', () => {
  it('keeps the scheme of Authorization, replaces the rest', () => {
    const out = redactHeaders({
      Authorization: 'Bearer eyJ.secret.sig',
      'Proxy-Authorization': 'Basic dXNlcjpwdw==',
      Cookie: 'identity_mock_session=abc',
      'X-Admin-Token': 't',
      'X-Api-Token': 't',
      'X-Client-Secret': 's',
      'X-Api-Key': 'k',
      'X-User-Password': 'p',
      'X-Mock-Session': 'suite-a',
      Accept: 'application/json',
    });
    expect(out).toEqual({
      authorization: `Bearer ${REDACTED}`,
      'proxy-authorization': `Basic ${REDACTED}`,
      cookie: REDACTED,
      'x-admin-token': REDACTED,
      'x-api-token': REDACTED,
      'x-client-secret': REDACTED,
      'x-api-key': REDACTED,
      'x-user-password': REDACTED,
      'x-mock-session': 'suite-a',
      accept: 'application/json',
    });
  });

  it('redacts the code in a Location', () => {
    expect(redactHeaders({ Location: 'http://localhost:3000/cb?code=c0de&state=s' }).location).not.toContain(
      'c0de',
    );
  });
});

describe('redactBody: secret fields at every depth, in bounded work', () => {
  it('finds a password 60 levels down (it stopped at 8)', () => {
    let body: unknown = { password: 'Passw0rd!', keep: 1 };
    for (let i = 0; i < 60; i++) body = i % 2 === 0 ? { a: body } : [body];
    const text = JSON.stringify(redactBody(body));
    expect(text).not.toContain('Passw0rd!');
    expect(text).toContain(REDACTED);
    expect(text).toContain('"keep":1');
  });

  it(`replaces what lies deeper than ${MAX_REDACT_DEPTH} levels instead of walking into it`, () => {
    let body: unknown = { password: 'Passw0rd!' };
    for (let i = 0; i < 10_000; i++) body = [body];
    const text = JSON.stringify(redactBody(body));
    expect(text).not.toContain('Passw0rd!');
    expect(text).toContain(OMITTED);
  });

  it('visits a bounded number of values, and does not change the body it was given', () => {
    const wide = Array.from({ length: 200_000 }, (_, i) => ({ i, client_secret: 's' }));
    const out = redactBody(wide) as unknown[];
    expect(out.length).toBeLessThan(wide.length);
    expect(out.at(-1)).toBe(OMITTED);
    expect(wide[0]).toEqual({ i: 0, client_secret: 's' });
  });
});
