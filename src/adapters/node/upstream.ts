/**
 * Requests to the real service for the drift guard (docs/drift.md), over `node:http`/`node:https`: one request,
 * never retried, never following a redirect, bounded in time (`--upstream-timeout`), with TLS certificates
 * checked unless `--insecure`. A request that gets no answer rejects with an UpstreamFailure saying why, in
 * words that name the flag to change when one would help.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { UpstreamFailure } from '../../drift/upstream-failure.ts';

/** The service the guard talks to: its URL, and one keep-alive agent for all its requests. */
export interface Upstream {
  /** The URL as given, without a trailing slash (`https://staging.example.com/api`). */
  readonly url: string;
  /** `host[:port]`, the `Host` every forwarded request carries. */
  readonly host: string;
  /** The path prefix (`/api`), empty when the service is at the root. */
  readonly basePath: string;
  readonly timeoutMs: number;
  readonly insecure: boolean;
  /** Sends a request to `basePath + target` (a path and query); resolves with the answer's head. */
  send(request: UpstreamRequest): Promise<IncomingMessage>;
  /** Why an answer whose head had come then broke off (the timeout, a reset), when the request knows. */
  failureAfterAnswer(answer: IncomingMessage): UpstreamFailure | undefined;
  /**
   * Whether an answer broke off because the proxy's client stopped reading it (the answer was held back for the
   * client through `--upstream-timeout`): the service did nothing wrong, and no finding is owed.
   */
  clientStalled(answer: IncomingMessage): boolean;
  /** Closes the agent's idle connections. */
  close(): void;
}

export interface UpstreamRequest {
  readonly method: string;
  /** Path and query, relative to the service. */
  readonly target: string;
  /** Raw headers as pairs (`rawHeaders` order), `Host` excluded: it is set to the service's. */
  readonly headers: readonly string[];
  readonly body?: Buffer | undefined;
  /** Aborts the request (the client went away). */
  readonly signal?: AbortSignal;
}

/** How long a kept-alive connection to the service may stay idle. */
const IDLE_MS = 4_000;

export interface UpstreamOptions {
  readonly timeoutMs: number;
  readonly insecure: boolean;
}

/** Parses `--upstream`: an http(s) URL without query or fragment. Throws a message naming the flag otherwise. */
export function parseUpstreamUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(
      `--upstream must be an http(s) URL such as https://staging.example.com (got ${JSON.stringify(text)})`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`--upstream must be an http or https URL (got ${url.protocol.replace(':', '')})`);
  }
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new Error(
      `--upstream takes a base URL without query, fragment or credentials (got ${JSON.stringify(text)}); send credentials as headers`,
    );
  }
  return url;
}

export function createUpstream(base: URL, options: UpstreamOptions): Upstream {
  const secure = base.protocol === 'https:';
  // Idle connections are closed after IDLE_MS, before a server's usual keep-alive timeout (Node's is 5 s) closes
  // them: reusing a connection the server is closing at that moment would fail a request that the proxy must not
  // retry.
  const agent = secure
    ? new HttpsAgent({ keepAlive: true, timeout: IDLE_MS, rejectUnauthorized: !options.insecure })
    : new HttpAgent({ keepAlive: true, timeout: IDLE_MS });
  const basePath = base.pathname.replace(/\/+$/, '');
  const url = `${base.protocol}//${base.host}${basePath}`;
  const broken = new WeakMap<IncomingMessage, UpstreamFailure>();
  const stalled = new WeakSet<IncomingMessage>();
  return {
    url,
    host: base.host,
    basePath,
    timeoutMs: options.timeoutMs,
    insecure: options.insecure,
    send: (request) =>
      new Promise<IncomingMessage>((resolve, reject) => {
        const send = secure ? httpsRequest : httpRequest;
        const outgoing = send({
          protocol: base.protocol,
          hostname: base.hostname.replace(/^\[|\]$/g, ''),
          port: base.port === '' ? undefined : Number(base.port),
          method: request.method,
          path: `${basePath}${request.target}`,
          headers: ['Host', base.host, ...request.headers],
          agent,
          // A hanging service answers 504 after the timeout rather than holding the client forever.
          timeout: options.timeoutMs,
          ...(request.signal === undefined ? {} : { signal: request.signal }),
        });
        let answer: IncomingMessage | undefined;
        outgoing.once('response', (response) => {
          answer = response;
          resolve(response);
        });
        outgoing.once('timeout', () => {
          // An answer held back (paused) because the client does not read it: the client stalled, not the service.
          if (answer?.isPaused() === true) {
            stalled.add(answer);
            outgoing.destroy();
            return;
          }
          outgoing.destroy(
            new UpstreamFailure(
              'upstream_timeout',
              `${url} sent no answer within ${formatMs(options.timeoutMs)} (--upstream-timeout)`,
            ),
          );
        });
        outgoing.on('error', (error) => {
          const failure = error instanceof UpstreamFailure ? error : failureOf(error, url);
          if (answer === undefined) reject(failure);
          else broken.set(answer, failure);
        });
        outgoing.end(request.body);
      }),
    failureAfterAnswer: (answer) => broken.get(answer),
    clientStalled: (answer) => stalled.has(answer),
    close: () => {
      agent.destroy();
    },
  };
}

/** TLS verification errors of Node (`code`): the certificate is not trusted for this host. */
const CERTIFICATE =
  /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|UNABLE_TO_GET_ISSUER|ALTNAME|HOSTNAME_MISMATCH|UNABLE_TO_DECRYPT/;

/** Why no answer came, as the proxy's 502 and the findings say it. */
export function failureOf(error: Error, url: string): UpstreamFailure {
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  if (CERTIFICATE.test(code)) {
    return new UpstreamFailure(
      'upstream_tls',
      `the TLS certificate of ${url} was refused (${code}: ${error.message}); if this is a test service you trust, pass --insecure to accept it`,
    );
  }
  const reason =
    code === 'ECONNREFUSED'
      ? 'the connection was refused (is the service running, and is the port right?)'
      : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? 'the host name does not resolve'
        : code === 'ECONNRESET' || code === 'EPIPE'
          ? 'the connection was closed before an answer'
          : error.message;
  return new UpstreamFailure(
    'upstream_unreachable',
    `${url} could not be reached: ${reason}${code === '' ? '' : ` (${code})`}`,
  );
}

/**
 * The text of a response body for the checks: decoded from its `Content-Encoding` (gzip, deflate, br) into at most
 * `limit` bytes; undefined when it is longer than that or cannot be decoded.
 */
export function bodyText(bytes: Buffer, encoding: string | undefined, limit: number): string | undefined {
  const coding = (encoding ?? '').trim().toLowerCase();
  try {
    const decoded =
      coding === '' || coding === 'identity'
        ? bytes
        : coding === 'gzip' || coding === 'x-gzip'
          ? gunzipSync(bytes, { maxOutputLength: limit })
          : coding === 'deflate'
            ? inflateSync(bytes, { maxOutputLength: limit })
            : coding === 'br'
              ? brotliDecompressSync(bytes, { maxOutputLength: limit })
              : undefined;
    return decoded === undefined || decoded.length > limit ? undefined : decoded.toString('utf8');
  } catch {
    return undefined;
  }
}

function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/** Bytes of a response body the guard checks; a longer body is still forwarded whole, and not checked. */
export const CHECK_LIMIT = 1024 * 1024;

/** The first `limit` bytes of a body as it streams by, and whether there were more. */
export class BodySample {
  readonly #chunks: Buffer[] = [];
  readonly #limit: number;
  #size = 0;
  #cut = false;

  constructor(limit = CHECK_LIMIT) {
    this.#limit = limit;
  }

  push(chunk: Buffer): void {
    if (this.#cut) return;
    if (this.#size + chunk.length > this.#limit) {
      this.#cut = true;
      this.#chunks.length = 0;
      return;
    }
    this.#chunks.push(chunk);
    this.#size += chunk.length;
  }

  /** Whether the body was longer than the limit (its bytes are then not kept). */
  get cut(): boolean {
    return this.#cut;
  }

  get bytes(): Buffer {
    return Buffer.concat(this.#chunks);
  }
}

/** Response headers as the checks read them: lower-case names, repeated ones joined with `, `. */
export function headerRecord(rawHeaders: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = (rawHeaders[i] ?? '').toLowerCase();
    const value = rawHeaders[i + 1] ?? '';
    const previous = out[name];
    out[name] = previous === undefined ? value : `${previous}, ${value}`;
  }
  return out;
}
