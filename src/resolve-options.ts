/**
 * `resolveOptions(input, host)`: the one check of a program's options, for every host, over the one option table
 * (`OPTIONS` in config.ts). An option the table does not know is refused by name (with the nearest one); an option
 * the host cannot honour is refused with what works instead; the rest is resolved over the defaults.
 */
import {
  closest,
  CONFIG_HOSTS,
  ConfigError,
  DEFAULTS,
  OPTIONS,
  PROGRAM_HOSTS,
  type Config,
  type Host,
  type HostRule,
  type LogLevel,
  type Option,
  type ProgramOption,
} from './config.ts';
import { parseRateLimit, type RateLimitConfig } from './control/rate-limit.ts';
import type { Dataset } from './data/dataset.ts';

/** An option a host does not know or cannot honour: the message names it and what works instead. */
export class OptionError extends ConfigError {
  override readonly name = 'OptionError';
}

/**
 * The types of the option values that belong to one host: the Node host's pino `logger` and loaded `specs`
 * (`mock.ts` names them), so that what a page loads names no Node type; elsewhere they are refused.
 */
export interface HostValues {
  readonly logger?: unknown;
  readonly specs?: unknown;
}

/** A document as a program gives it: a path or file URL (Node), its YAML or JSON text, or the parsed object. */
export type SpecInput = string | URL | Readonly<Record<string, unknown>>;

/** Fixture records: what a fixtures file holds. */
export interface FixtureInput {
  readonly users: unknown;
  readonly workspaces?: unknown;
  readonly clients?: unknown;
  /** Records of a served document's collection, by its name (docs/own-spec.md "Seeding"). */
  readonly [collection: string]: unknown;
}

/**
 * Options of `createMock`, `startMock` and `createHandlers`: the command line's options (same names, same defaults,
 * docs/running.md) and what only a program passes; which host takes which is in `OPTIONS` (docs/options.md).
 */
export interface MockOptions<Values extends HostValues = HostValues> extends Partial<
  Omit<Config, 'rateLimit' | 'fixtures' | 'spec'>
> {
  /**
   * The OpenAPI document to serve instead of spec/openapi.yaml (docs/own-spec.md): a file's path or URL (Node), the
   * parsed document, or its YAML or JSON text.
   */
  readonly spec?: SpecInput | undefined;
  /** Rate limit at start: `100/60s`-style text or a parsed config; unset = off. */
  readonly rateLimit?: string | RateLimitConfig | undefined;
  /** A fixtures file or directory (Node), or the records themselves (`{ users, workspaces, clients }`). */
  readonly fixtures?: string | FixtureInput | undefined;
  /** A dataset to serve as is (wins over `fixtures`, `seed` and `users`). */
  readonly dataset?: Dataset;
  /** The loaded documents (`loadSpecs()`); by default the ones read once per process. */
  readonly specs?: Values['specs'];
  /** A pino logger (wins over `logLevel`). */
  readonly logger?: Values['logger'];
  /** Serve the authorization server from `authApp` only, as when it has a listener of its own (`--auth-port`). */
  readonly separateAuthServer?: boolean;
  /** Client id named in `azp` of app tokens. */
  readonly appTokenClientId?: string;
  /** The clock, in epoch milliseconds (tests inject one). */
  readonly now?: () => number;
  /** The URL MSW handlers answer at (default `http://localhost:8080`, the server's default). */
  readonly baseUrl?: string;
  /** The signing key as PKCS#8 PEM text, where no file can be read (default: the dev key). */
  readonly signingKeyPem?: string;
  /** Called with every failure the handlers did not mean (answered as a 500); `console.error` by default. */
  readonly onError?: (error: unknown) => void;
}

/** The defaults of a program's options: the command line's, and those of the options only a program passes. */
export interface ProgramDefaults extends Config {
  readonly separateAuthServer: boolean;
  readonly appTokenClientId: string;
  readonly now: () => number;
}

/**
 * The programmatic hosts' defaults: the command line's `DEFAULTS`, except that a mock built in a program logs
 * nothing and `startMock` takes any free port (so test files run in parallel).
 */
export const MOCK_DEFAULTS: ProgramDefaults = Object.freeze({
  ...DEFAULTS,
  port: 0,
  logLevel: 'silent' satisfies LogLevel,
  separateAuthServer: false,
  appTokenClientId: 'mock-client',
  now: (): number => Date.now(),
});

/** Options resolved for a host: every option of `Config` and the program's defaults set, the rate limit parsed. */
export type ResolvedOptions<Values extends HostValues = HostValues> = Omit<
  MockOptions<Values>,
  keyof ProgramDefaults | 'fixtures' | 'spec'
> &
  Omit<ProgramDefaults, 'fixtures' | 'spec'> & {
    readonly fixtures: string | FixtureInput | undefined;
    readonly spec: SpecInput | undefined;
  };

type Entry = Option<unknown> | ProgramOption;
const ENTRIES: Readonly<Record<string, Entry>> = OPTIONS;

/** The hosts that accept the option `entry`. */
export function hostsOf(entry: HostRule & { readonly flag?: string | undefined }): readonly Host[] {
  return entry.hosts ?? (entry.flag === undefined ? PROGRAM_HOSTS : CONFIG_HOSTS);
}

/** Why `host` refuses option `name` with `value`, or undefined when it takes it. */
export function refusalOf(name: string, value: unknown, host: Host): string | undefined {
  const entry = ENTRIES[name];
  if (entry === undefined) {
    const nearest = closest(name, acceptedBy(host));
    return (
      `${host}: unknown option ${JSON.stringify(name)}` +
      (nearest === undefined ? '' : `; did you mean ${JSON.stringify(nearest)}?`) +
      `; accepted: ${acceptedBy(host).join(', ')}`
    );
  }
  const refused = entry.refused?.[host];
  if (typeof refused === 'string') return `${host}: ${name} ${refused}`;
  if (refused?.when(value) === true) return `${host}: ${name} ${JSON.stringify(value)} ${refused.text}`;
  if (refused === undefined && !hostsOf(entry).includes(host)) {
    return `${host}: ${name} is not an option here; accepted: ${acceptedBy(host).join(', ')}`;
  }
  return undefined;
}

/** The options `host` accepts, in the table's order. */
export function acceptedBy(host: Host): string[] {
  return Object.entries(ENTRIES)
    .filter(([, entry]) => hostsOf(entry).includes(host))
    .map(([name]) => name);
}

/**
 * Checks `input` for `host` and resolves it over the defaults (`MOCK_DEFAULTS`; the command line's `DEFAULTS` for
 * `cli`, whose input is a parsed `Config`). An option set to `undefined` counts as not given.
 *
 * @example resolveOptions({ seed: 7, rateLimit: '5/1s' }, 'createMock').rateLimit // { limit: 5, windowMs: 1000 }
 * @example resolveOptions({ port: 9000 }, 'createHandlers') // throws OptionError: createHandlers: port is a listening port; …
 */
export function resolveOptions<Values extends HostValues>(
  input: MockOptions<Values>,
  host: Host,
): ResolvedOptions<Values> {
  const given: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input)) {
    if (value === undefined) continue;
    // The command line's Config carries every option; its flags are checked by parseConfig.
    const refusal = host === 'cli' ? undefined : refusalOf(name, value, host);
    if (refusal !== undefined) throw new OptionError(refusal);
    given[name] = value;
  }
  const defaults = host === 'cli' ? { ...MOCK_DEFAULTS, ...DEFAULTS } : MOCK_DEFAULTS;
  return { ...defaults, ...given, rateLimit: rateLimitOf(input.rateLimit, host) };
}

/** The options of the drift proxy (`identity-mock proxy`): those of the command's Config the table gives it. */
export function proxyOptions(config: Config): Partial<Config> {
  return Object.fromEntries(acceptedBy('proxy').map((name) => [name, config[name as keyof Config]]));
}

/** The rate limit of the options: text is parsed (a bad one is a configuration error). */
function rateLimitOf(value: string | RateLimitConfig | undefined, host: Host): RateLimitConfig | undefined {
  if (typeof value !== 'string') return value;
  const config = parseRateLimit(value);
  if (config === undefined) {
    throw new OptionError(
      `${host}: rateLimit must look like 100/60s, 5/1s or 1000/1h (got ${JSON.stringify(value)})`,
    );
  }
  return config;
}
