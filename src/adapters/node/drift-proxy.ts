/**
 * `identity-mock proxy`: the drift guard as a transparent proxy in front of the real service (docs/drift.md).
 * Every request goes to the service as it came (only `Host` is the service's; hop-by-hop headers, RFC 9110
 * §7.6.1, belong to each connection), every answer comes back as it was sent (status, headers, body bytes): the
 * proxy never substitutes, invents or retries an answer and follows no redirect. Once an answer has been passed
 * on, the guard checks the pair and keeps its findings. What the proxy answers itself: `/__admin/drift` (only for
 * an allowed `Host`), `/__admin/health`, 400 for a request line that is not origin-form (RFC 9112 §3.2.1: an
 * absolute-form target would send the client's credentials to a host it names), 413 for a request body over the
 * limit, 502 when the service cannot be reached (or its TLS certificate is refused), 504 when it does not answer in
 * time. Connections follow the server's rule (`connection-cap.ts`, `--max-connections`).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerAdmin, error } from '../../drift/admin-answer.ts';
import type { Exchange } from '../../drift/exchange.ts';
import { FindingStore, type FindingInput } from '../../drift/finding.ts';
import { DriftGuard } from '../../drift/guard.ts';
import { UpstreamFailure } from '../../drift/upstream-failure.ts';
import type { HarRecording } from '../../drift/har-recording.ts';
import { UserRecorder } from '../../drift/record.ts';
import { loadFaker } from '../../data/faker.ts';
import { hostName, isLoopbackName } from '../../protocol/loopback.ts';
import { NODE_PLATFORM } from '../../platform/node/node-platform.ts';
import { capConnections } from './connection-cap.ts';
import type { User } from '../../spec/types.ts';
import type { SpecDocument } from '../../spec/document.ts';
import {
  asError,
  forwardedHeaders,
  headerValue,
  lowerHeaders,
  readBody,
  reply,
  REQUEST_BODY_LIMIT,
  withoutHopByHop,
} from './proxy-messages.ts';
import {
  BodySample,
  bodyText,
  CHECK_LIMIT,
  createUpstream,
  failureOf,
  headerRecord,
  parseUpstreamUrl,
  type Upstream,
} from './upstream.ts';

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
  const guard = new DriftGuard(options.doc);
  const findings = new FindingStore();
  const recorder =
    options.record === true && options.recording !== undefined
      ? new UserRecorder(options.recording)
      : undefined;
  const state = { requests: 0, origin: '' };
  const add = (finding: FindingInput, id: string): void => {
    if (findings.add(finding, id)) options.onFinding?.(finding, id);
  };
  const inspect = (exchange: Exchange, id: string): void => {
    try {
      const inspection = guard.inspect(exchange);
      for (const finding of inspection.findings) add(finding, id);
      if (recorder !== undefined && inspection.page !== undefined) recorder.add(inspection.page.items);
      options.har?.add(exchange);
    } catch (failure) {
      options.onError?.(failure);
    }
  };

  const allowedHosts = new Set([
    ...(options.allowedHosts ?? []),
    ...(options.host === undefined ? [] : [hostName(options.host)]),
  ]);
  const hostAllowed = (host: string | undefined): boolean => {
    if (host === undefined) return true;
    const name = hostName(host);
    return isLoopbackName(name) || allowedHosts.has(name);
  };

  const server = createServer((req, res) => {
    void handle(req, res).catch((failure: unknown) => {
      options.onError?.(failure);
      if (!res.headersSent)
        reply(res, error(502, 'proxy_error', 'the drift proxy could not forward the request'));
      else res.destroy();
    });
  });

  /** The finding of an exchange that got no (whole) answer. */
  const noAnswer = (reason: UpstreamFailure, method: string, target: string, id: string): void => {
    add(
      {
        operation: guard.operationName(method, target),
        kind: reason.kind,
        where: 'connection',
        expected: 'an answer from the service',
        actual: reason.message,
      },
      id,
    );
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET';
    const target = req.url ?? '/';
    if (!target.startsWith('/')) {
      req.resume();
      res.setHeader('Connection', 'close');
      reply(
        res,
        error(
          400,
          'invalid_request',
          `the drift proxy forwards only origin-form request targets (a path such as /users?page=2), got ` +
            `${JSON.stringify(target.slice(0, 80))}; send the request to the proxy's own address`,
        ),
      );
      return;
    }
    const path = target.split('?')[0] ?? target;
    const requestHeaders = lowerHeaders(req);
    const admin = !path.startsWith('/__admin/')
      ? undefined
      : answerAdmin(
          { method, path, headers: requestHeaders },
          {
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
          },
        );
    if (admin !== undefined) {
      req.resume();
      reply(res, admin);
      return;
    }
    // The proxy's own routes are not numbered: ids count the requests it forwards (and refuses).
    const id = String(++state.requests);
    // A client that goes away takes its request to the service with it.
    const gone = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) gone.abort();
    });
    const body = await readBody(req);
    if (body === 'gone') return;
    if (body === 'too large') {
      res.setHeader('Connection', 'close');
      reply(
        res,
        error(
          413,
          'payload_too_large',
          `the request body is over the drift proxy's limit of 100 KiB (${REQUEST_BODY_LIMIT} bytes)`,
        ),
      );
      return;
    }
    const headers = forwardedHeaders(req.rawHeaders, body);
    let answer: IncomingMessage;
    try {
      answer = await upstream.send({
        method,
        target,
        headers,
        body: body.length > 0 ? body : undefined,
        signal: gone.signal,
      });
    } catch (failure) {
      if (gone.signal.aborted) return; // the client left: no answer is owed, and the service did nothing wrong
      const reason = failure instanceof UpstreamFailure ? failure : failureOf(asError(failure), upstream.url);
      noAnswer(reason, method, target, id);
      reply(res, error(reason.kind === 'upstream_timeout' ? 504 : 502, reason.kind, reason.message));
      return;
    }
    const sample = await relay(answer, res);
    if (sample === 'cut') {
      if (!gone.signal.aborted && !upstream.clientStalled(answer)) {
        noAnswer(
          upstream.failureAfterAnswer(answer) ??
            new UpstreamFailure(
              'upstream_unreachable',
              `${upstream.url} closed the connection before the end of its answer`,
            ),
          method,
          target,
          id,
        );
      }
      return; // nothing whole to check
    }
    if (sample === 'gone') return;
    inspect(
      {
        method,
        target,
        requestHeaders,
        requestBody: body.length > 0 ? body.toString('utf8') : undefined,
        status: answer.statusCode ?? 0,
        responseHeaders: headerRecord(answer.rawHeaders),
        ...sampled(sample, answer),
      },
      id,
    );
  }

  /**
   * Passes the service's answer on as it came, keeping its first CHECK_LIMIT bytes for the checks. Resolves with
   * them once the client has the whole answer; `cut` when the service's answer ended early (the client's is then
   * cut short too: never a complete-looking body that the service did not send); `gone` when the client left.
   */
  function relay(answer: IncomingMessage, res: ServerResponse): Promise<BodySample | 'cut' | 'gone'> {
    if (res.destroyed) {
      answer.destroy();
      return Promise.resolve('gone');
    }
    const sample = new BodySample(CHECK_LIMIT);
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, withoutHopByHop(answer.rawHeaders));
    return new Promise((resolve) => {
      answer.on('data', (chunk: Buffer) => {
        sample.push(chunk);
      });
      answer.pipe(res);
      answer.once('aborted', () => {
        res.destroy();
        resolve('cut');
      });
      answer.once('error', () => {
        res.destroy();
        resolve('cut');
      });
      res.once('close', () => {
        if (res.writableFinished) return;
        if (!answer.complete) answer.destroy();
        resolve('gone');
      });
      res.once('finish', () => {
        resolve(sample);
      });
    });
  }

  function sampled(
    sample: BodySample,
    answer: IncomingMessage,
  ): Pick<Exchange, 'responseBody' | 'responseBodyCut'> {
    if (sample.cut) return { responseBodyCut: true };
    const bytes = sample.bytes;
    if (bytes.length === 0) return {};
    const text = bodyText(bytes, headerValue(answer.rawHeaders, 'content-encoding'), CHECK_LIMIT);
    return text === undefined ? { responseBodyCut: true } : { responseBody: text };
  }

  capConnections([server], { max: options.maxConnections ?? DEFAULT_MAX_CONNECTIONS });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  const url = `http://${host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  state.origin = url;
  return {
    url,
    port,
    server,
    upstream,
    findings,
    recorder,
    har: options.har,
    get requests() {
      return state.requests;
    },
    close: (graceMs = 15_000) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          server.closeAllConnections();
        }, graceMs);
        timer.unref();
        server.close(() => {
          clearTimeout(timer);
          upstream.close();
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
}
