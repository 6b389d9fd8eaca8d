import { describe, expect, it } from 'vitest';
import { gitInfo, PublishConfigError, publishArgs, redactedArgs } from '../../src/adapters/pact/publish.ts';

const git = { sha: '0123abc', branch: 'main' };

describe('contracts:publish', () => {
  it('publishes contracts/ with a token, the git sha as consumer version and the branch', () => {
    const args = publishArgs(
      { PACT_BROKER_BASE_URL: 'https://broker.example.com', PACT_BROKER_TOKEN: 't0k' },
      git,
      '/repo/contracts',
    );
    expect(args).toEqual([
      'publish',
      '/repo/contracts',
      '--broker-base-url',
      'https://broker.example.com',
      '--consumer-app-version',
      '0123abc',
      '--branch',
      'main',
    ]);
  });

  it('accepts username and password when there is no token; no secret is ever an argument (ps showed the token)', () => {
    const env = { PACT_BROKER_BASE_URL: 'https://b', PACT_BROKER_USERNAME: 'ci', PACT_BROKER_PASSWORD: 'pw' };
    for (const args of [
      publishArgs(env, git, '/c'),
      publishArgs({ PACT_BROKER_BASE_URL: 'https://b', PACT_BROKER_TOKEN: 't0k' }, git, '/c'),
    ]) {
      expect(args.join(' ')).not.toMatch(/pw|t0k|--broker-token|--broker-password/);
    }
  });

  it.each([
    { name: 'nothing set', env: {}, missing: ['PACT_BROKER_BASE_URL', 'PACT_BROKER_TOKEN'] },
    {
      name: 'no credentials',
      env: { PACT_BROKER_BASE_URL: 'https://b' },
      missing: ['PACT_BROKER_TOKEN (or PACT_BROKER_USERNAME and PACT_BROKER_PASSWORD)'],
    },
    {
      name: 'a username without password',
      env: { PACT_BROKER_BASE_URL: 'https://b', PACT_BROKER_USERNAME: 'ci' },
      missing: ['PACT_BROKER_TOKEN'],
    },
    {
      name: 'an empty base URL',
      env: { PACT_BROKER_BASE_URL: '', PACT_BROKER_TOKEN: 't' },
      missing: ['PACT_BROKER_BASE_URL'],
    },
  ])('refuses with $name, naming what is missing', ({ env, missing }) => {
    expect(() => publishArgs(env, git)).toThrow(PublishConfigError);
    for (const variable of missing) expect(() => publishArgs(env, git)).toThrow(variable);
  });

  it('prints no secret', () => {
    const args = publishArgs(
      { PACT_BROKER_BASE_URL: 'https://b', PACT_BROKER_USERNAME: 'ci', PACT_BROKER_PASSWORD: 'pw' },
      git,
    );
    expect(redactedArgs(args)).not.toContain('pw');
    expect(
      redactedArgs(publishArgs({ PACT_BROKER_BASE_URL: 'https://b', PACT_BROKER_TOKEN: 't0k' }, git)),
    ).not.toContain('t0k');
  });

  it('takes the sha and branch from GIT_COMMIT / GIT_BRANCH when set', () => {
    expect(gitInfo({ GIT_COMMIT: 'feed', GIT_BRANCH: 'release' })).toEqual({
      sha: 'feed',
      branch: 'release',
    });
  });
});
