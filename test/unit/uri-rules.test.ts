import { describe, expect, it } from 'vitest';
import { allowedUri, DEFAULT_URI_RULES, uriRuleProblem } from '../../src/protocol/uri-rules.ts';
import { isPkceValue, s256Challenge, verifiesChallenge } from '../../src/oauth/pkce.ts';
import { NODE_PLATFORM } from '../../src/platform/node/node-platform.ts';

const HASHING = NODE_PLATFORM.hashing;

describe('allowedUri', () => {
  it.each([
    {
      name: 'any port and path on localhost',
      uri: 'http://localhost:5173/a/b?c=d',
      rules: DEFAULT_URI_RULES,
      ok: true,
    },
    { name: '127.0.0.1 without a port', uri: 'http://127.0.0.1/', rules: DEFAULT_URI_RULES, ok: true },
    {
      name: 'an integer IPv4 form of 127.0.0.1',
      uri: 'http://2130706433/',
      rules: DEFAULT_URI_RULES,
      ok: true,
    },
    { name: 'https on localhost', uri: 'https://localhost/', rules: DEFAULT_URI_RULES, ok: false },
    {
      name: 'a subdomain-like host',
      uri: 'http://localhost.evil.example/',
      rules: DEFAULT_URI_RULES,
      ok: false,
    },
    { name: 'a user name', uri: 'http://localhost:1@evil.example/', rules: DEFAULT_URI_RULES, ok: false },
    { name: 'credentials on localhost', uri: 'http://a:b@localhost/', rules: DEFAULT_URI_RULES, ok: false },
    { name: 'a fragment', uri: 'http://localhost/#x', rules: DEFAULT_URI_RULES, ok: false },
    { name: 'an empty fragment', uri: 'http://localhost/#', rules: DEFAULT_URI_RULES, ok: false },
    { name: 'a relative URI', uri: '/cb', rules: DEFAULT_URI_RULES, ok: false },
    { name: 'javascript:', uri: 'javascript:alert(1)', rules: DEFAULT_URI_RULES, ok: false },
    {
      name: 'an exact rule',
      uri: 'http://localhost:3000/callback',
      rules: ['http://localhost:3000/callback'],
      ok: true,
    },
    {
      name: 'an exact rule, other path',
      uri: 'http://localhost:3000/callback/x',
      rules: ['http://localhost:3000/callback'],
      ok: false,
    },
    {
      name: 'an exact rule, other port',
      uri: 'http://localhost:3001/callback',
      rules: ['http://localhost:3000/callback'],
      ok: false,
    },
    {
      name: 'a path prefix',
      uri: 'https://app.example/auth/x',
      rules: ['https://app.example/auth/*'],
      ok: true,
    },
    {
      name: 'a path prefix, dot segments out of it',
      uri: 'https://app.example/auth/../admin',
      rules: ['https://app.example/auth/*'],
      ok: false,
    },
    {
      name: 'the default port written out',
      uri: 'https://app.example:443/auth/x',
      rules: ['https://app.example/auth/*'],
      ok: true,
    },
    { name: 'no rules', uri: 'http://localhost/', rules: [], ok: false },
    {
      name: 'a path prefix, an encoded slash and dot segments out of it',
      uri: 'https://app.example/auth/..%2fadmin',
      rules: ['https://app.example/auth/*'],
      ok: false,
    },
    {
      name: 'a path prefix, an encoded slash inside it',
      uri: 'https://app.example/auth/a%2Fb',
      rules: ['https://app.example/auth/*'],
      ok: false,
    },
    {
      name: 'a path prefix, an encoded backslash',
      uri: 'https://app.example/auth/%5C%5Cevil',
      rules: ['https://app.example/auth/*'],
      ok: false,
    },
    {
      name: 'a path prefix, percent-encoded dots',
      uri: 'https://app.example/auth/%2E%2E/admin',
      rules: ['https://app.example/auth/*'],
      ok: false,
    },
    {
      name: 'a path prefix, a malformed escape',
      uri: 'https://app.example/auth/%zz',
      rules: ['https://app.example/auth/*'],
      ok: false,
    },
    {
      name: 'a path prefix, an encoded letter stays under it',
      uri: 'https://app.example/auth/%61',
      rules: ['https://app.example/auth/*'],
      ok: true,
    },
    {
      name: 'a path prefix, `..;` (path parameters some servers strip)',
      uri: 'https://app.example/auth/..;/evil',
      rules: ['https://app.example/auth/*'],
      ok: false,
    },
    {
      name: 'a path prefix, a `;` anywhere',
      uri: 'https://app.example/auth/x;jsessionid=1',
      rules: ['https://app.example/auth/*'],
      ok: false,
    },
    {
      name: 'a path prefix, an encoded NUL',
      uri: 'https://app.example/auth/%00',
      rules: ['https://app.example/auth/*'],
      ok: false,
    },
    {
      name: 'a path prefix, an encoded control character',
      uri: 'https://app.example/auth/%0d%0aX',
      rules: ['https://app.example/auth/*'],
      ok: false,
    },
    {
      name: 'a path prefix, a double-encoded traversal',
      uri: 'https://app.example/auth/%252e%252e%252fevil',
      rules: ['https://app.example/auth/*'],
      ok: false,
    },
    {
      name: 'a path prefix, `%25` alone',
      uri: 'https://app.example/auth/100%25',
      rules: ['https://app.example/auth/*'],
      ok: false,
    },
    {
      name: 'a path prefix, a lower-case encoded dot',
      uri: 'https://app.example/auth/%2e',
      rules: ['https://app.example/auth/*'],
      ok: false,
    },
    {
      name: 'a path prefix, a lower-case encoded backslash',
      uri: 'https://app.example/auth/a%5cb',
      rules: ['https://app.example/auth/*'],
      ok: false,
    },
    {
      name: 'a path prefix, a backslash',
      uri: 'https://app.example/auth/a\\\\b',
      rules: ['https://app.example/auth/*'],
      ok: false,
    },
    {
      name: 'any path: an encoded slash is any path too',
      uri: 'http://localhost:5173/a%2Fb',
      rules: DEFAULT_URI_RULES,
      ok: true,
    },
  ])('$name: $ok', ({ uri, rules, ok }) => {
    expect(allowedUri(uri, rules) !== undefined).toBe(ok);
  });

  it('returns the parsed URI, which is what a browser is sent to', () => {
    expect(allowedUri('http://LOCALHOST:5173/a/./b', DEFAULT_URI_RULES)?.href).toBe(
      'http://localhost:5173/a/b',
    );
  });
});

describe('uriRuleProblem', () => {
  it.each([
    ['ftp://x/', /must start with http:\/\/ or https:\/\//],
    ['http://*.example/', /one host/],
    ['http://localhost:80a/', /port must be digits or \*/],
    ['http://localhost/a*/b', /only at the end of the path/],
    ['http://localhost/?x', /query or a fragment/],
  ])('%s', (rule, problem) => {
    expect(uriRuleProblem(rule)).toMatch(problem);
  });

  it.each([
    'http://localhost:*',
    'https://app.example/auth/*',
    'http://localhost:3000/callback',
    'http://[::1]:*',
  ])('%s is a rule', (rule) => {
    expect(uriRuleProblem(rule)).toBeUndefined();
  });
});

describe('PKCE S256', () => {
  it('computes the RFC 7636 appendix B example', () => {
    expect(s256Challenge(HASHING, 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
    expect(
      verifiesChallenge(
        HASHING,
        'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
        'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      ),
    ).toBe(true);
  });

  it('refuses verifiers outside 43–128 unreserved characters', () => {
    expect(isPkceValue('a'.repeat(42))).toBe(false);
    expect(isPkceValue('a'.repeat(129))).toBe(false);
    expect(isPkceValue(`${'a'.repeat(42)}+`)).toBe(false);
    expect(verifiesChallenge(HASHING, 'short', s256Challenge(HASHING, 'short'))).toBe(false);
  });
});
