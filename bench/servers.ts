/**
 * The servers the bench starts: identity-mock builds (this checkout and each `--compare` directory, started as a
 * user starts the package: `node <dir>/dist/bin/identity-mock.js`), with flag variants, and the two baselines,
 * bundled with esbuild into node_modules/.cache so that they start as plain JavaScript with their dependencies
 * loaded from node_modules (no TypeScript loader in their start-up).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { build } from 'esbuild';
import { load } from 'js-yaml';
import { freePort, spawnServer, type ServerProcess } from './processes.ts';
import { smallSpec } from './small-spec.ts';

/** The issuer every server is started with, so one token serves them all. */
export const ISSUER = 'http://bench/';
export const AUDIENCE = 'https://identity.example.com/admin/v1';
/** The account whose token the bench sends: it sees every user. */
export const ADMIN = 'admin@example.com';

/** A built checkout of identity-mock: `dir/dist/bin/identity-mock.js` exists. */
export interface Build {
  /** `identity-mock` for this checkout, `identity-mock@<directory name>` for one compared with it. */
  readonly name: string;
  readonly dir: string;
}

export function buildOf(dir: string, primary: boolean): Build {
  const full = resolve(dir);
  if (!existsSync(join(full, 'dist/bin/identity-mock.js')))
    throw new Error(
      `${full} holds no built identity-mock (dist/bin/identity-mock.js): run npm run build there`,
    );
  return { name: primary ? 'identity-mock' : `identity-mock@${basename(full)}`, dir: full };
}

/** An admin app token from the build's own command line (`identity-mock token`), valid on every server here. */
export function mintToken(build: Build): string {
  return execFileSync(
    process.execPath,
    ['dist/bin/identity-mock.js', 'token', '--user', ADMIN, '--issuer', ISSUER],
    { cwd: build.dir, encoding: 'utf8' },
  ).trim();
}

export type ServerSpec =
  | {
      readonly kind: 'mock';
      /** The build's name, or it with a variant's suffix (`identity-mock (no cache)`). */
      readonly name: string;
      readonly build: Build;
      readonly flags?: readonly string[];
      /** Added to the environment it is spawned with. */
      readonly env?: Readonly<Record<string, string>>;
    }
  | { readonly kind: 'stack' | 'bare'; readonly name: 'stack' | 'bare' };

interface Variant {
  readonly suffix: string;
  readonly flags: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
}

export function mockSpec(build: Build, variant?: Variant): ServerSpec {
  return variant === undefined
    ? { kind: 'mock', name: build.name, build }
    : {
        kind: 'mock',
        name: `${build.name} ${variant.suffix}`,
        build,
        flags: variant.flags,
        ...(variant.env === undefined ? {} : { env: variant.env }),
      };
}

export const STACK: ServerSpec = { kind: 'stack', name: 'stack' };
export const BARE: ServerSpec = { kind: 'bare', name: 'bare' };
export const NO_CACHE = { suffix: '(no cache)', flags: ['--query-cache', '0'] } as const;
/** A first start: the command's code cache (docs/running.md, "Start-up") can be neither read nor written. */
export const NO_CODE_CACHE = { suffix: '(no code cache)', flags: [], env: { HOME: '/dev/null' } } as const;

/** A team's own document (docs/own-spec.md): the example's, served with `--spec`. */
export const OWN_SPEC = {
  suffix: '(--spec)',
  flags: ['--spec', 'examples/own-spec/openapi.yaml'],
} as const;

/** The bundled baselines and the stack's small document. */
export interface Baselines {
  readonly dir: string;
  /** The checkout whose dist/ seeds the baselines and whose fixtures hold the key. */
  readonly root: string;
}

/**
 * Bundles the baseline servers, the pass-through proxy and the in-process start script, and writes the stack's
 * small OpenAPI document.
 */
export async function prepareBaselines(root: string): Promise<Baselines> {
  const dir = join(root, 'node_modules/.cache/identity-mock-bench');
  mkdirSync(dir, { recursive: true });
  await build({
    entryPoints: ['stack-server.ts', 'bare-server.ts', 'passthrough-proxy.ts', 'in-process-start.ts'].map(
      (f) => join(root, 'bench', f),
    ),
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
  });
  const full = load(readFileSync(join(root, 'spec/openapi.yaml'), 'utf8'));
  writeFileSync(join(dir, 'stack-spec.json'), JSON.stringify(smallSpec(full)));
  return { dir, root };
}

/** Starts a server at `users` (undefined: identity-mock's default data; the baselines need a count). */
export async function spawnSpec(
  spec: ServerSpec,
  users: number | undefined,
  seed: number,
  baselines: Baselines,
): Promise<ServerProcess> {
  const port = await freePort();
  const common = ['--port', String(port), '--seed', String(seed)];
  if (spec.kind === 'mock') {
    const size = users === undefined ? [] : ['--users', String(users)];
    const args = ['dist/bin/identity-mock.js', ...common, ...size, '--log-level', 'warn', '--issuer', ISSUER];
    return spawnServer([...args, ...(spec.flags ?? [])], port, spec.build.dir, spec.env);
  }
  if (users === undefined) throw new Error(`${spec.name} needs a user count`);
  const size = ['--users', String(users), '--root', baselines.root];
  const extra =
    spec.kind === 'stack'
      ? ['--issuer', ISSUER, '--audience', AUDIENCE, '--spec', join(baselines.dir, 'stack-spec.json')]
      : [];
  return spawnServer([join(baselines.dir, `${spec.kind}-server.mjs`), ...common, ...size, ...extra], port);
}
