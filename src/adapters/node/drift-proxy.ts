/**
 * `identity-mock proxy`: the drift guard as a transparent proxy in front of the real service (docs/drift.md).
 * Every request goes to the service as it came (only `Host` is the service's; hop-by-hop headers, RFC 9110
 * §7.6.1, belong to each connection), every answer comes back as it was sent (status, headers, body bytes): the
 * proxy never substitutes, invents or retries an answer and follows no redirect. Once an answer has been passed
 * on, the guard checks the pair and keeps its findings. What the proxy answers itself: `/__admin/drift` (only for
 * an allowed `Host`), `/__admin/health`, 400 for a request line that is not origin-form (RFC 9112 §3.2.1: an
 * absolute-form target would send the client's credentials to a host it names), 413 for a request body over the
 * limit, 502 when the service cannot be reached (or its TLS certificate is refused), 504 when it does not answer in
 * time. Connections follow the server's rule (`connection-cap.ts`, `--max-connections`). The parts: the guard's
 * checks (`proxy-checks.ts`), the forwarding (`proxy-forward.ts`, `proxy-relay.ts`), the admin answers
 * (`drift/admin-answer.ts`) and the listener's closing, shared with `startMock` (`listener.ts`).
 */
import { createServer, type Server } from 'node:http';
import { answerAdmin, type AdminAnswer, type AdminRequest } from '../../drift/admin-answer.ts';
import type { FindingInput, FindingStore } from '../../drift/finding.ts';
import type { HarRecording } from '../../drift/har-recording.ts';
import type { UserRecorder } from '../../drift/record.ts';
import { loadFaker } from '../../data/faker.ts';
import { hostName, isLoopbackName } from '../../protocol/loopback.ts';
import { NODE_PLATFORM } from '../../platform/node/node-platform.ts';
import type { SpecDocument } from '../../spec/document.ts';
import type { User } from '../../spec/types.ts';
import { capConnections } from './connection-cap.ts';
import { drain, portOf } from './listener.ts';
import { ProxyChecks } from './proxy-checks.ts';
import { proxyHandler } from './proxy-forward.ts';
import { createUpstream, parseUpstreamUrl, type Upstream } from './upstream.ts';

/** Default of the proxy's `--max-connections`. */
export const DEFAULT_MAX_CONNECTIONS = 1_000;

/** Default of `--upstream-timeout`. */
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 30_000;

export interface DriftProxyOptions {
  /** The real service, e.g. `https://staging.example.com`. */
  readonly upstream: string;
  /** 0 (the default) picks a free port. */
  readonly port?: number;
  readonly host?: string;
  readonly timeoutMs?: number;
  /** Accept an upstream TLS certificate that does not verify. */
  readonly insecure?: boolean;
  /** Keep the users of list answers, for `recorder.fixtures()`. */
  readonly record?: boolean;
  /** The known accounts and the User check that a recording needs (src/data/). */
  readonly recording?: {
    readonly known: readonly User[];
    readonly check: (record: unknown) => { ok: boolean };
  };
  /** Required as `Authorization: Bearer T` on the proxy's own `/__admin` routes. */
  readonly adminToken?: string | undefined;
  /** Host names, besides loopback ones and `host`, that `/__admin/drift` answers to (`--allowed-host`). */
  readonly allowedHosts?: readonly string[] | undefined;
  /** Connections open at once (`--max-connections`, default 1 000). */
  readonly maxConnections?: number | undefined;
  /** spec/openapi.yaml, parsed. */
  readonly doc: SpecDocument;
  /** Called with each finding the first time it is seen. */
  readonly onFinding?: ((finding: FindingInput, requestId: string) => void) | undefined;
  /** Called when checking an exchange failed (a bug of the guard; the answer was forwarded all the same). */
  readonly onError?: (error: unknown) => void;
  /** Keeps the traffic as HAR (`--har`). */
  readonly har?: HarRecording | undefined;
}

export interface RunningProxy {
  /** The proxy's URL, e.g. `http://127.0.0.1:4010`. */
  readonly url: string;
  readonly port: number;
  readonly server: Server;
  readonly upstream: Upstream;
  readonly findings: FindingStore;
  /** The users seen, when recording. */
  readonly recorder: UserRecorder | undefined;
  /** The traffic, with `--har`. */
  readonly har: HarRecording | undefined;
  /** Requests forwarded so far. */
  readonly requests: number;
  /** Stops accepting, lets requests in flight finish (at most `graceMs`), closes upstream connections. */
  close(graceMs?: number): Promise<void>;
}

/**
 * @example
 * const proxy = await startDriftProxy({ upstream: 'https://staging.example.com', doc: readSpecDocument() });
 * await fetch(`${proxy.url}/users`, { headers: { Authorization: `Bearer ${token}` } });
 * proxy.findings.listing(); // { findings: [...] }
 */
export async function startDriftProxy(options: DriftProxyOptions): Promise<RunningProxy> {
  // Stand-ins are drawn from faker's name pools.
  await loadFaker();
  const upstream = createUpstream(parseUpstreamUrl(options.upstream), {
    timeoutMs: options.timeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS,
    insecure: options.insecure ?? false,
  });
  const checks = new ProxyChecks(options);
  const state = { requests: 0, origin: '' };
  const admin = adminAnswers(options, upstream, checks.findings, state);
  const server = createServer(
    proxyHandler({
      upstream,
      checks,
      admin,
      nextId: () => String(++state.requests),
      onError: options.onError,
    }),
  );
  capConnections([server], { max: options.maxConnections ?? DEFAULT_MAX_CONNECTIONS });
  const host = options.host ?? '127.0.0.1';
  await listen(server, options.port ?? 0, host);
  const port = portOf(server);
  const url = `http://${host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  state.origin = url;
  return {
    url,
    port,
    server,
    upstream,
    findings: checks.findings,
    recorder: checks.recorder,
    har: options.har,
    get requests() {
      return state.requests;
    },
    close: async (graceMs = 15_000) => {
      await drain(server, graceMs);
      upstream.close();
    },
  };
}

/** The proxy's own `/__admin/` answers (`drift/admin-answer.ts`) over its findings and counts. */
function adminAnswers(
  options: DriftProxyOptions,
  upstream: Upstream,
  findings: FindingStore,
  state: { readonly requests: number; readonly origin: string },
): (request: AdminRequest) => AdminAnswer | undefined {
  const hostAllowed = allowedHostRule(options);
  return (request) =>
    answerAdmin(request, {
      store: findings,
      origin: state.origin,
      adminToken: options.adminToken,
      sameSecret: NODE_PLATFORM.hashing.sameSecret,
      hostAllowed,
      health: () => ({
        status: 'ok',
        mode: 'proxy',
        upstream: upstream.url,
        requests: state.requests,
        findings: findings.size,
      }),
    });
}

/** Whether a `Host` names the proxy: a loopback name, its `--host` address or an `--allowed-host`. */
function allowedHostRule(options: DriftProxyOptions): (host: string | undefined) => boolean {
  const allowedHosts = new Set([
    ...(options.allowedHosts ?? []),
    ...(options.host === undefined ? [] : [hostName(options.host)]),
  ]);
  return (host) => {
    if (host === undefined) return true;
    const name = hostName(host);
    return isLoopbackName(name) || allowedHosts.has(name);
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
