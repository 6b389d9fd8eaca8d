/**
 * The `proxy` and `drift` commands of the command line (docs/drift.md), from their parsed flags: the checks of
 * what the flags say (each refusal a ConfigError naming the flag: exit 2), the banner, the findings as they come,
 * and what is written when the proxy stops or the probe ends. `src/cli.ts` calls these and owns the process
 * (signals, exit codes); this module only writes to the streams it is given.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { writeFileAtomic } from '../../platform/node/atomic-file.ts';
import { dirname, resolve } from 'node:path';
import { ConfigError, parseDuration, type Config, type ParsedCommand } from '../../config.ts';
import { KNOWN_ACCOUNTS } from '../../data/known-accounts.ts';
import { checkUserRecord } from '../../data/user-schema.ts';
import { HarRecording } from '../../drift/har-recording.ts';
import type { FindingInput } from '../../drift/finding.ts';
import { DriftGuard } from '../../drift/guard.ts';
import { runProbe, type ProbeResult } from '../../drift/probe.ts';
import { summarize } from '../../drift/summary.ts';
import { readSpecDocument } from '../../platform/node/document-file.ts';
import { proxyOptions } from '../../resolve-options.ts';
import { DEFAULT_UPSTREAM_TIMEOUT_MS, startDriftProxy, type RunningProxy } from './drift-proxy.ts';
import { probeSender } from './probe-sender.ts';
import { createUpstream, parseUpstreamUrl } from './upstream.ts';

type Extra = ParsedCommand['extra'];

/** What `proxy` was asked to do, checked. */
export interface ProxyPlan {
  readonly upstream: string;
  readonly timeoutMs: number;
  readonly insecure: boolean;
  readonly report: string | undefined;
  readonly record: string | undefined;
  /** `--har FILE`: the traffic as HAR 1.2. */
  readonly har: string | undefined;
  readonly keepPii: boolean;
}

/** What `drift` was asked to do, checked. */
export interface DriftPlan {
  readonly upstream: string;
  readonly token: string;
  readonly limitedToken: string | undefined;
  readonly authUrl: string | undefined;
  readonly allowWrites: boolean;
  readonly identifier: string | undefined;
  readonly report: string | undefined;
  readonly timeoutMs: number;
  readonly insecure: boolean;
}

export function proxyPlan(extra: Extra): ProxyPlan {
  const record = file(extra, 'record');
  const har = file(extra, 'har');
  if (extra['keep-pii'] === true && record === undefined && har === undefined) {
    throw new ConfigError('--keep-pii applies to a recording: give --record FILE or --har FILE too');
  }
  return {
    upstream: upstreamFlag(extra, 'proxy'),
    timeoutMs: timeoutFlag(extra),
    insecure: extra.insecure === true,
    report: file(extra, 'report'),
    record,
    har,
    keepPii: extra['keep-pii'] === true,
  };
}

export function driftPlan(extra: Extra): DriftPlan {
  const token = text(extra, 'token');
  if (token === undefined || token.trim() === '') {
    throw new ConfigError('drift needs --token T: an access token of the service with read:users');
  }
  const identifier = text(extra, 'identifier');
  const allowWrites = extra['allow-writes'] === true;
  if (allowWrites && identifier === undefined) {
    throw new ConfigError('--allow-writes needs --identifier X: the user the probe may delete');
  }
  if (!allowWrites && identifier !== undefined) {
    throw new ConfigError('--identifier names the user that DELETE is probed on, which needs --allow-writes');
  }
  const authUrl = text(extra, 'auth-url');
  if (authUrl !== undefined) checkedUrl(authUrl, '--auth-url');
  return {
    upstream: upstreamFlag(extra, 'drift'),
    token: token.trim().replace(/^bearer\s+/i, ''),
    limitedToken: text(extra, 'limited-token')
      ?.trim()
      .replace(/^bearer\s+/i, ''),
    authUrl,
    allowWrites,
    identifier,
    report: file(extra, 'report'),
    timeoutMs: timeoutFlag(extra),
    insecure: extra.insecure === true,
  };
}

export interface Output {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
}

/** Starts the proxy of `plan` on the configured port and host; writes its banner and each new finding. */
export async function startProxy(config: Config, plan: ProxyPlan, out: Output): Promise<RunningProxy> {
  // The proxy's own options are the table's (OPTIONS: port, host, logLevel, adminToken).
  const { port, host, logLevel, adminToken } = proxyOptions(config);
  const quiet = logLevel === 'silent' || logLevel === 'error';
  const proxy = await startDriftProxy({
    upstream: plan.upstream,
    ...(port === undefined ? {} : { port }),
    ...(host === undefined ? {} : { host }),
    timeoutMs: plan.timeoutMs,
    insecure: plan.insecure,
    record: plan.record !== undefined,
    recording: { known: KNOWN_ACCOUNTS.users, check: checkUserRecord },
    har:
      plan.har === undefined
        ? undefined
        : new HarRecording({
            upstream: plan.upstream,
            keepPii: plan.keepPii,
            known: KNOWN_ACCOUNTS.users,
            now: Date.now,
            version: packageVersion(),
          }),
    adminToken,
    allowedHosts: config.allowedHosts,
    maxConnections: config.maxConnections,
    doc: readSpecDocument(),
    onFinding: quiet
      ? undefined
      : (finding, id) => {
          out.stderr.write(findingLine(finding, id));
        },
    onError: (error) => {
      out.stderr.write(
        `identity-mock proxy: a check failed (the answer was forwarded): ${messageOf(error)}\n`,
      );
    },
  });
  out.stderr.write(
    [
      '',
      `identity-mock proxy listening on ${proxy.url}  →  ${proxy.upstream.url}`,
      `  checks    every request and answer against spec/openapi.yaml and docs/ (docs/drift.md)`,
      `  findings  ${proxy.url}/__admin/drift${config.adminToken === undefined ? '' : ' (admin token required)'}` +
        (plan.report === undefined ? '' : `; written to ${plan.report} on exit`),
      ...(plan.record === undefined
        ? []
        : [
            `  record    users seen → ${plan.record} on exit${plan.keepPii ? ' (PII kept)' : ' (names, emails anonymised)'}`,
          ]),
      `  timeout   ${plan.timeoutMs / 1000} s per upstream answer${plan.insecure ? '; TLS certificates not verified (--insecure)' : ''}`,
      '  Ctrl-C to stop: the findings are summarised here',
      '',
      '',
    ].join('\n'),
  );
  return proxy;
}

/** What the proxy leaves behind when it stops: the report, the recording, the summary on stderr. */
export function finishProxy(proxy: RunningProxy, plan: ProxyPlan, out: Output): void {
  const listing = proxy.findings.listing();
  if (plan.report !== undefined) writeJson(plan.report, listing);
  if (plan.record !== undefined && proxy.recorder !== undefined) {
    const recorded = proxy.recorder.fixtures(plan.keepPii);
    // A recording that keeps names and emails is readable by its owner only.
    writeJson(plan.record, recorded.users, plan.keepPii ? 0o600 : undefined);
    out.stderr.write(
      `identity-mock proxy: ${recorded.users.length} users written to ${plan.record}` +
        (recorded.skipped === 0
          ? ''
          : ` (${recorded.skipped} left out: refused by the User schema or repeating an identifier or email)`) +
        `${recorded.overflow === 0 ? '' : ` (${recorded.overflow} more seen than kept)`}; serve them with --fixtures ${plan.record}\n`,
    );
  }
  if (plan.har !== undefined && proxy.har !== undefined) {
    writeJson(plan.har, proxy.har.har());
    out.stderr.write(
      `identity-mock proxy: ${proxy.har.size} requests written to ${plan.har} as HAR 1.2 (redacted${plan.keepPii ? ', PII kept' : ', names and emails anonymised'})\n`,
    );
  }
  out.stderr.write(summarize(listing, proxy.requests));
  if (plan.report !== undefined)
    out.stderr.write(`identity-mock proxy: findings written to ${plan.report}\n`);
}

/** Runs the probe of `plan`; resolves with its result after writing the summary (and the report). */
export async function probe(plan: DriftPlan, out: Output): Promise<ProbeResult> {
  const options = { timeoutMs: plan.timeoutMs, insecure: plan.insecure };
  const service = createUpstream(parseUpstreamUrl(plan.upstream), options);
  const authServer =
    plan.authUrl === undefined ? undefined : createUpstream(checkedUrl(plan.authUrl, '--auth-url'), options);
  out.stderr.write(
    `identity-mock drift: probing ${service.url} against spec/openapi.yaml and docs/ (docs/drift.md)\n`,
  );
  try {
    const result = await runProbe(new DriftGuard(readSpecDocument()), probeSender(service, authServer), {
      token: plan.token,
      limitedToken: plan.limitedToken,
      authServer: authServer !== undefined,
      allowWrites: plan.allowWrites,
      identifier: plan.identifier,
      basePath: service.basePath,
    });
    const listing = result.store.listing();
    if (plan.report !== undefined) writeJson(plan.report, listing);
    out.stdout.write(summarize(listing, result.requests));
    for (const note of result.notes) out.stdout.write(`  note: ${note}\n`);
    if (plan.report !== undefined)
      out.stdout.write(`identity-mock drift: findings written to ${plan.report}\n`);
    return result;
  } finally {
    service.close();
    authServer?.close();
  }
}

function findingLine(finding: FindingInput, id: string): string {
  return `drift: ${finding.kind} ${finding.operation} ${finding.where}: expected ${finding.expected}; got ${finding.actual} (request ${id})\n`;
}

/** The package's version, for the archive's `creator`. */
function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    version?: string;
  };
  return manifest.version ?? '';
}

/** Writes `value` as JSON to a new file renamed into place (never through a symlink at `path`). */
function writeJson(path: string, value: unknown, mode?: number): void {
  writeFileAtomic(path, `${JSON.stringify(value, null, 2)}\n`, mode);
}

function text(extra: Extra, name: string): string | undefined {
  const value = extra[name];
  return typeof value === 'string' ? value : undefined;
}

function upstreamFlag(extra: Extra, command: string): string {
  const value = text(extra, 'upstream');
  if (value === undefined) {
    throw new ConfigError(
      `${command} needs --upstream URL: the real service, e.g. https://staging.example.com`,
    );
  }
  checkedUrl(value, '--upstream');
  return value;
}

function checkedUrl(value: string, flag: string): URL {
  try {
    return parseUpstreamUrl(value);
  } catch (error) {
    throw new ConfigError(messageOf(error).replace('--upstream', flag));
  }
}

/** `--upstream-timeout`: 1 second to 1 hour. */
function timeoutFlag(extra: Extra): number {
  const value = text(extra, 'upstream-timeout');
  if (value === undefined) return DEFAULT_UPSTREAM_TIMEOUT_MS;
  const seconds = parseDuration(value);
  if (seconds === undefined || seconds < 1 || seconds > 3600) {
    throw new ConfigError(
      `--upstream-timeout must be a duration from 1s to 1h such as 30, 30s or 2m (got ${JSON.stringify(value)})`,
    );
  }
  return seconds * 1000;
}

/** A file flag whose directory exists (checked now, not when the file is written at the end). */
function file(extra: Extra, name: string): string | undefined {
  const value = text(extra, name);
  if (value === undefined) return undefined;
  const dir = dirname(resolve(value));
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new ConfigError(`--${name} ${value}: the directory ${dir} does not exist`);
  }
  if (existsSync(value) && statSync(value).isDirectory()) {
    throw new ConfigError(`--${name} ${value}: is a directory; give a file name`);
  }
  return value;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
