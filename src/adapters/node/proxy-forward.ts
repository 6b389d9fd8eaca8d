/**
 * The drift proxy's request handler (docs/drift.md): a request goes to the service as it came and its answer comes
 * back as it was sent, then the pair is checked (`proxy-checks.ts`). What it answers itself: the proxy's admin
 * routes (`answerAdmin`, given), 400 for a request target that is not origin-form, 413 for a body over the limit,
 * 502 when the service cannot be reached and 504 when it does not answer in time.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AdminAnswer, AdminRequest } from '../../drift/admin-answer.ts';
import { error } from '../../drift/admin-answer.ts';
import type { Exchange } from '../../drift/exchange.ts';
import { UpstreamFailure } from '../../drift/upstream-failure.ts';
import type { ProxyChecks } from './proxy-checks.ts';
import {
  asError,
  forwardedHeaders,
  headerValue,
  lowerHeaders,
  readBody,
  reply,
  REQUEST_BODY_LIMIT,
} from './proxy-messages.ts';
import { relay } from './proxy-relay.ts';
import {
  bodyText,
  CHECK_LIMIT,
  failureOf,
  headerRecord,
  type BodySample,
  type Upstream,
} from './upstream.ts';

export interface ProxyRoutes {
  readonly upstream: Upstream;
  readonly checks: ProxyChecks;
  /** The proxy's own answer to a `/__admin/` request, undefined when it is not one of its routes. */
  readonly admin: (request: AdminRequest) => AdminAnswer | undefined;
  /** The id of the next request forwarded (or refused). */
  readonly nextId: () => string;
  readonly onError?: ((error: unknown) => void) | undefined;
}

/** The listener's `request` handler: a failure of the proxy itself is reported and answered 502. */
export function proxyHandler(routes: ProxyRoutes): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    void handle(routes, req, res).catch((failure: unknown) => {
      routes.onError?.(failure);
      if (!res.headersSent)
        reply(res, error(502, 'proxy_error', 'the drift proxy could not forward the request'));
      else res.destroy();
    });
  };
}

async function handle(routes: ProxyRoutes, req: IncomingMessage, res: ServerResponse): Promise<void> {
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
  const admin = path.startsWith('/__admin/')
    ? routes.admin({ method, path, headers: requestHeaders })
    : undefined;
  if (admin !== undefined) {
    req.resume();
    reply(res, admin);
    return;
  }
  await forward(routes, { req, res, method, target, requestHeaders });
}

interface Forwarded {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly method: string;
  readonly target: string;
  readonly requestHeaders: Record<string, string>;
}

/** Sends the request on, passes the answer back, and checks the pair once the client has it whole. */
async function forward(routes: ProxyRoutes, f: Forwarded): Promise<void> {
  const { req, res, method, target } = f;
  const { upstream, checks } = routes;
  // The proxy's own routes are not numbered: ids count the requests it forwards (and refuses).
  const id = routes.nextId();
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
    checks.noAnswer(reason, method, target, id);
    reply(res, error(reason.kind === 'upstream_timeout' ? 504 : 502, reason.kind, reason.message));
    return;
  }
  await relayAndCheck(routes, f, { answer, body, id, gone: gone.signal });
}

/** What `forward` hands on once the service has answered. */
interface Answered {
  readonly answer: IncomingMessage;
  readonly body: Buffer;
  readonly id: string;
  /** Aborted when the client went away. */
  readonly gone: AbortSignal;
}

/** Passes the answer on; checks the exchange once the client has it whole, or notes that it was cut short. */
async function relayAndCheck(routes: ProxyRoutes, f: Forwarded, a: Answered): Promise<void> {
  const { upstream, checks } = routes;
  const { method, target } = f;
  const { answer, body, id } = a;
  const sample = await relay(answer, f.res);
  if (sample === 'cut') {
    if (!a.gone.aborted && !upstream.clientStalled(answer)) {
      checks.noAnswer(
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
  checks.inspect(
    {
      method,
      target,
      requestHeaders: f.requestHeaders,
      requestBody: body.length > 0 ? body.toString('utf8') : undefined,
      status: answer.statusCode ?? 0,
      responseHeaders: headerRecord(answer.rawHeaders),
      ...sampled(sample, answer),
    },
    id,
  );
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
