/**
 * `npm run contracts:publish`: publishes contracts/ to a Pact Broker with the `pact-broker` CLI of
 * @pact-foundation/pact-cli. The broker comes from PACT_BROKER_BASE_URL, credentials from PACT_BROKER_TOKEN or
 * PACT_BROKER_USERNAME + PACT_BROKER_PASSWORD; the consumer version is the git sha, the branch git's (GIT_COMMIT
 * and GIT_BRANCH override both, e.g. in CI). Secrets never go on the command line (where `ps` shows them):
 * `pact-broker` reads PACT_BROKER_TOKEN (or the username and password) from the environment it inherits.
 */
import { execFileSync } from 'node:child_process';
import { CONTRACTS_DIR } from './pact-files.ts';

export class PublishConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PublishConfigError';
  }
}

export interface GitInfo {
  readonly sha: string;
  readonly branch: string;
}

/** Arguments of `pact-broker`; throws PublishConfigError saying which variables are missing. */
export function publishArgs(
  env: Readonly<Record<string, string | undefined>>,
  git: GitInfo,
  dir: string = CONTRACTS_DIR,
): string[] {
  const missing: string[] = [];
  const baseUrl = env.PACT_BROKER_BASE_URL;
  if (baseUrl === undefined || baseUrl === '') missing.push('PACT_BROKER_BASE_URL');
  const token = env.PACT_BROKER_TOKEN;
  const username = env.PACT_BROKER_USERNAME;
  const password = env.PACT_BROKER_PASSWORD;
  const hasToken = token !== undefined && token !== '';
  const hasBasic = username !== undefined && username !== '' && password !== undefined && password !== '';
  if (!hasToken && !hasBasic)
    missing.push('PACT_BROKER_TOKEN (or PACT_BROKER_USERNAME and PACT_BROKER_PASSWORD)');
  if (missing.length > 0) {
    throw new PublishConfigError(
      `cannot publish contracts: set ${missing.join(' and ')}\n` +
        'e.g. PACT_BROKER_BASE_URL=https://broker.example.com PACT_BROKER_TOKEN=… npm run contracts:publish',
    );
  }
  return [
    'publish',
    dir,
    '--broker-base-url',
    baseUrl ?? '',
    '--consumer-app-version',
    git.sha,
    '--branch',
    git.branch,
  ];
}

/** The arguments with credentials replaced, for printing. */
export function redactedArgs(args: readonly string[]): string[] {
  return args.map((arg, i) =>
    ['--broker-token', '--broker-password'].includes(args[i - 1] ?? '') ? '[REDACTED]' : arg,
  );
}

/** The git sha and branch (GIT_COMMIT / GIT_BRANCH when set). */
export function gitInfo(env: Readonly<Record<string, string | undefined>>): GitInfo {
  const git = (...args: string[]): string => execFileSync('git', args, { encoding: 'utf8' }).trim();
  return {
    sha: env.GIT_COMMIT ?? git('rev-parse', 'HEAD'),
    branch: env.GIT_BRANCH ?? git('rev-parse', '--abbrev-ref', 'HEAD'),
  };
}
