/**
 * The flags of `identity-mock proxy` and `identity-mock drift` (src/adapters/node/drift-commands.ts): what each
 * accepts, and the ConfigError (exit 2) that names the flag for what it does not.
 */
import { describe, expect, it } from 'vitest';
import { driftPlan, proxyPlan } from '../../src/adapters/node/drift-commands.ts';
import { ConfigError } from '../../src/config.ts';

type Extra = Record<string, string | boolean | undefined>;

function refusal(plan: (extra: Extra) => unknown, extra: Extra): string {
  try {
    plan(extra);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`expected a ConfigError for ${JSON.stringify(extra)}`);
}

describe('proxyPlan', () => {
  it('reads the flags, with a 30 s timeout by default', () => {
    expect(proxyPlan({ upstream: 'https://staging.example.com/api' })).toEqual({
      upstream: 'https://staging.example.com/api',
      timeoutMs: 30_000,
      insecure: false,
      report: undefined,
      record: undefined,
      keepPii: false,
    });
    expect(proxyPlan({ upstream: 'http://h.test', 'upstream-timeout': '2m', insecure: true })).toMatchObject({
      timeoutMs: 120_000,
      insecure: true,
    });
  });

  it.each([
    { extra: {}, says: 'proxy needs --upstream URL' },
    { extra: { upstream: 'staging' }, says: '--upstream must be an http(s) URL' },
    { extra: { upstream: 'ftp://x.test' }, says: '--upstream must be an http or https URL (got ftp)' },
    { extra: { upstream: 'http://x.test?a=1' }, says: 'without query, fragment or credentials' },
    { extra: { upstream: 'http://u:p@x.test' }, says: 'without query, fragment or credentials' },
    { extra: { upstream: 'http://x.test', 'keep-pii': true }, says: '--keep-pii applies to a recording' },
    { extra: { upstream: 'http://x.test', 'upstream-timeout': '0' }, says: '--upstream-timeout must be' },
    { extra: { upstream: 'http://x.test', 'upstream-timeout': '2h' }, says: 'from 1s to 1h' },
    {
      extra: { upstream: 'http://x.test', report: '/no/such/dir/r.json' },
      says: '--report /no/such/dir/r.json',
    },
    { extra: { upstream: 'http://x.test', record: '/' }, says: '--record /: is a directory' },
  ])('refuses $says', ({ extra, says }) => {
    expect(refusal(proxyPlan, extra)).toContain(says);
  });
});

describe('driftPlan', () => {
  it('reads the flags; a token may be given with its scheme', () => {
    expect(
      driftPlan({ upstream: 'http://h.test', token: 'Bearer abc', 'allow-writes': true, identifier: 'ann' }),
    ).toMatchObject({ token: 'abc', allowWrites: true, identifier: 'ann', timeoutMs: 30_000 });
  });

  it.each([
    { extra: { token: 't' }, says: 'drift needs --upstream URL' },
    { extra: { upstream: 'http://x.test' }, says: 'drift needs --token T' },
    { extra: { upstream: 'http://x.test', token: ' ' }, says: 'drift needs --token T' },
    {
      extra: { upstream: 'http://x.test', token: 't', 'allow-writes': true },
      says: '--allow-writes needs --identifier',
    },
    { extra: { upstream: 'http://x.test', token: 't', identifier: 'ann' }, says: 'needs --allow-writes' },
    {
      extra: { upstream: 'http://x.test', token: 't', 'auth-url': 'nope' },
      says: '--auth-url must be an http(s) URL',
    },
  ])('refuses $says', ({ extra, says }) => {
    expect(refusal(driftPlan, extra)).toContain(says);
  });
});
