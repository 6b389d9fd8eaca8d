/**
 * The one request path (docs/responses.md "The order of the checks"): every request, whichever adapter brings it
 * (HTTP, the in-process `fetch`, MSW), goes through these steps in this order, and the first that fails answers in
 * the error shape of the operation it reached:
 *
 *   request    the request line and Host                          400 invalid_request
 *   admin      /__admin: the Host names this server               403 host_not_allowed
 *   session    X-Mock-Session selects the session (echoed, with   400 invalid_request, 503 too_many_sessions /
 *              when it started)                                    state_memory_full
 *   CORS       headers; a preflight is answered here              204
 *   home       GET / from a browser goes to the console            302
 *   route      the spec's paths (both documents)                   see 1.
 *   0. gates   rate limit, fault rules (identity API)              429 / the fault's answer
 *   1. route   paths and methods                                   404 not_found / 405 method_not_allowed
 *   2. version X-API-Version, when sent                            400 unsupported_api_version
 *   3. Prefer  code=<status>, delay=<ms> (identity API)            the documented answer for that status
 *      change  /__admin: a browser's cross-site change, a body     403 cross_site_refused / 415
 *              that is not JSON
 *   4. token   bearer + permission, or the admin token             401 / 403
 *   5. media   Content-Type in the spec's list                     415 unsupported_media_type
 *   6. body    parsed when the operation takes one                 400 / 413
 *   7. params  against the spec                                    400 invalid_request with details
 *   memory     room for what a change would add to the session     503 state_memory_full
 *   8. handler the operation itself
 *
 * The answer is then checked against the spec (with `--validate-responses`), serialised once, and recorded in the
 * session's journal (a body nested too deep is recorded as omitted, never kept). The pipeline never rejects: an
 * unexpected failure is a 500, reported to `onError`.
 */
import { withHeaders, type Answer, type HeaderValue } from '../answer.ts';
import type { Principal } from '../access/principal.ts';
import type { Handler, RequestContext, Services } from '../context.ts';
import {
  internalError,
  invalidRequest,
  methodNotAllowed,
  notFound,
  oauthInvalidRequest,
  quote,
} from '../errors.ts';
import { authenticate, authorize } from '../oauth/bearer.ts';
import { faultRequestOf, oauthFaultRoute } from '../oauth/fault-answers.ts';
import { securedPage } from '../oauth/page-headers.ts';
import { SESSION_HEADER, sessionIdProblem } from '../sessions/session-id.ts';
import type { Session } from '../sessions/session.ts';
import type { ApiModel, OperationSpec } from '../spec/model.ts';
import type { ResponseChecker } from '../spec/response-check.ts';
import { RouteTable } from '../spec/route-table.ts';
import { prefersHtml } from '../protocol/accepts.ts';
import { adminTokenCheck, checkAdminHost, checkChange } from './admin-guard.ts';
import { isTooDeep, parseBody } from './body.ts';
import { ADMIN_PREFIX, cors } from './cors.ts';
import { faultGate, preferences, rateLimitGate, type GateRequest } from './gates.ts';
import { checkApiVersion, checkMediaType } from './header-checks.ts';
import { missingParameter } from './missing-parameter.ts';
import { errorAnswer, isMockError, shapeOf, type ErrorShape } from './render.ts';
import type { MockRequest, RequestUrl } from '../protocol/request.ts';
import { readUrl } from './read-url.ts';
import { growthOf } from './state-growth.ts';
import { RequestValidation, type RequestValidator } from './validation.ts';
import { toWire, type WireAnswer } from './wire.ts';

/** The response header that says when a named session started (docs/sessions.md). */
export const SESSION_STARTED_HEADER = 'X-Mock-Session-Started';

/** One document's routes, handlers, validator and response checker. */
export interface DocumentPath {
  readonly model: ApiModel;
  readonly handlers: Readonly<Record<string, Handler<never>>>;
  readonly validator: RequestValidator;
  /** Checks answers against the document (`--validate-responses`); undefined: answers are not checked. */
  readonly responses: ResponseChecker | undefined;
  /** The document's name, in 404 messages. */
  readonly name: string;
}

export interface PipelineOptions {
  readonly api: DocumentPath;
  /** The control plane; undefined with `--no-admin`. */
  readonly admin: DocumentPath | undefined;
  readonly trustProxy: boolean;
  readonly lenientQuery: boolean;
  /** Origins that may call `/__admin` cross-origin (`--admin-cors`). */
  readonly adminOrigins: readonly string[];
  /** Host names `/__admin` answers to besides loopback ones: the `--host` address, the issuer's, `--allowed-host`. */
  readonly adminHosts: readonly string[];
  /** The bearer token `/__admin` requires (`--admin-token`). */
  readonly adminToken: string | undefined;
  /** Accepted `X-API-Version` values; the first is sent on every answer. */
  readonly apiVersions: readonly string[];
  /** Called with every failure the mock did not mean (answered as a 500). */
  readonly onError: (error: unknown, request: MockRequest) => void;
}

/** Answers requests; `serves` says which operations of the identity API this listener serves (`--auth-port`). */
export type RequestHandler = (request: MockRequest) => Promise<WireAnswer>;

interface Routed {
  readonly document: DocumentPath;
  readonly validation: RequestValidation;
  readonly routes: RouteTable;
  /** The path relative to the document's server. */
  readonly path: string;
}

export function createPipeline(
  services: Services,
  options: PipelineOptions,
): (serves: (operation: OperationSpec) => boolean) => RequestHandler {
  const build = (document: DocumentPath): Omit<Routed, 'path'> => ({
    document,
    validation: new RequestValidation(document.validator, { lenientQuery: options.lenientQuery }),
    routes: new RouteTable(document.model.operations),
  });
  const api = build(options.api);
  const admin = options.admin === undefined ? undefined : build(options.admin);
  const served = options.apiVersions[0] ?? 'v1';
  const adminHosts: ReadonlySet<string> = new Set(options.adminHosts.map((host) => host.toLowerCase()));
  const home = options.admin === undefined ? '/docs' : `${ADMIN_PREFIX}/ui/`;

  return (serves) => async (request) => {
    const started = performance.now();
    const extra: Record<string, HeaderValue> = { 'X-API-Version': served };
    const sessionId = request.headers[SESSION_HEADER.toLowerCase()];
    const sessionProblem = sessionId === undefined ? undefined : sessionIdProblem(sessionId);
    const named = sessionId !== undefined && sessionProblem === undefined ? sessionId : undefined;
    if (named !== undefined) extra[SESSION_HEADER] = named;
    let session: Session | undefined;
    let startedAt = 0;
    let shape: ErrorShape = 'api';
    let body: unknown;
    let parsedBody: unknown;
    let bodyOmitted: string | undefined;
    let url: RequestUrl | undefined;
    let inAdmin = false;
    let checker: { readonly responses: ResponseChecker; readonly path: string } | undefined;
    let answer: Answer;
    try {
      url = readUrl(request, options.trustProxy);
      inAdmin = isAdminPath(url.path);
      const routed: Routed =
        inAdmin && admin !== undefined
          ? { ...admin, path: url.path.slice(ADMIN_PREFIX.length) || '/' }
          : { ...api, path: url.path };
      const isApi = routed.document === options.api;
      const match = routed.routes.match(request.method, routed.path);
      const found =
        match.kind === 'found' && (!isApi || serves(match.operation)) ? match.operation : undefined;
      shape = shapeOf(found);
      if (!isApi) checkAdminHost(url.host, adminHosts);
      const live = services.sessions.use(named);
      session = live;
      startedAt = live.now();
      if (named !== undefined) extra[SESSION_STARTED_HEADER] = new Date(session.created).toISOString();
      const corsOutcome = cors(request.method, url.path, request.headers, {
        adminOrigins: options.adminOrigins,
      });
      Object.assign(extra, corsOutcome.headers);
      if (corsOutcome.preflight !== undefined) answer = corsOutcome.preflight;
      else if (isHomeForBrowser(request, url)) {
        answer = { status: 302, headers: { Location: home, 'X-Message': `The console is at ${home}` } };
      } else {
        const { responses } = routed.document;
        checker =
          found === undefined || responses === undefined ? undefined : { responses, path: routed.path };
        const { query } = url;
        const gated: GateRequest = {
          method: request.method,
          path: url.path,
          headers: request.headers,
          clientAddress: url.clientAddress,
          body: () =>
            found === undefined ? undefined : (body ??= parseBody(found, request.headers, request.body)),
          oauth: () =>
            oauthFaultRoute(faultRequestOf(found, shape, query, request.headers, gated.body, live, services)),
        };
        let fault: Answer | undefined;
        if (isApi) {
          // Gate 0: the rate limit (its headers go on every answer while it is on), then the fault rules.
          const verdict = rateLimitGate(session.control, gated, shape, session.now());
          Object.assign(extra, verdict.headers);
          if (verdict.refused !== undefined) throw verdict.refused;
        }
        if (sessionProblem !== undefined) {
          throw invalidRequest(`${SESSION_HEADER} ${sessionProblem}`, [
            { location: 'header', name: SESSION_HEADER, message: sessionProblem },
          ]);
        }
        if (isApi) fault = await faultGate(session.control, services.api, gated, found, shape);
        if (fault !== undefined) {
          // An answer asked for (a fault rule, `Prefer`) is what the test wanted, documented or not.
          checker = undefined;
          answer = fault;
        } else if (match.kind === 'method-not-allowed') {
          throw methodNotAllowed(request.method, routed.path, match.allowed);
        } else if (found === undefined || match.kind !== 'found') {
          throw notFound(
            'not_found',
            `no route ${request.method} ${quote(routed.path)}; the routes are in ${routed.document.name}`,
          );
        } else {
          answer = await operate(session, routed, found, match.params, url, gated);
          body = parsedBody ?? body;
        }
      }
    } catch (error) {
      if (!isMockError(error)) options.onError(error, request);
      if (isTooDeep(error)) {
        body = undefined;
        bodyOmitted = 'too deep';
      }
      answer = errorAnswer(error, shape);
      if (url === undefined) session = quietly(() => services.sessions.use(named));
      if (session !== undefined && url === undefined) startedAt = session.now();
    }
    if (shape === 'page') answer = securedPage(answer);
    answer = withHeaders(answer, extraFirst(extra, answer));
    let wire = toWire(answer);
    if (checker !== undefined) wire = checked(wire, checker.responses, request, checker.path, options);
    if (session !== undefined && !inAdmin) {
      record(session, request, wire, body, bodyOmitted, startedAt, performance.now() - started);
    }
    return wire;

    /** Steps 2–8 for a routed operation. */
    async function operate(
      session: Session,
      routed: Routed,
      operation: OperationSpec,
      params: Readonly<Record<string, string>>,
      url: RequestUrl,
      gated: GateRequest,
    ): Promise<Answer> {
      const { document } = routed;
      const isApi = document === options.api;
      checkApiVersion(request.headers['x-api-version'], options.apiVersions);
      if (isApi) {
        // `Prefer` is a test tool's header: its refusal is JSON even on the pages a person reads.
        const pageShape = shape;
        if (shape === 'page') shape = 'api';
        const preferred = await preferences(services.api, operation, request.headers.prefer);
        shape = pageShape;
        if (preferred !== undefined) {
          extra['Preference-Applied'] = preferred.applied;
          if (preferred.answer !== undefined) {
            checker = undefined;
            return preferred.answer;
          }
        }
      } else {
        checkChange({
          method: request.method,
          headers: request.headers,
          hasBody: hasBody(request),
          ownOrigin: url.origin,
          adminOrigins: options.adminOrigins,
        });
      }
      const handler = document.handlers[operation.id];
      if (handler === undefined) throw new Error(`no handler for operation ${operation.id}`);
      let principal: Principal | undefined;
      if (operation.secured && isApi) {
        principal = await authenticate(
          request.headers.authorization,
          services.tokens,
          session.state.store,
          Math.floor(session.now() / 1000),
          session.state.oauth.revocations,
        );
        authorize(principal, operation.permissions);
      } else if (operation.secured) adminTokenCheck(request.headers.authorization, options.adminToken);
      // A bodiless control-plane call is not held to its Content-Type (a generated client may send one anyway).
      if (isApi || hasBody(request)) {
        checkMediaType(
          request.headers['content-type'],
          isApi ? services.api.requestContentTypes : ['application/json'],
        );
      }
      const raw = operation.bodyMediaTypes.length > 0 ? gated.body() : undefined;
      let validated: unknown;
      try {
        validated = await routed.validation.check(operation, {
          method: request.method === 'HEAD' ? 'GET' : request.method,
          path: routed.path,
          base: isApi ? '' : ADMIN_PREFIX,
          search: url.search,
          query: url.query,
          headers: request.headers,
          params,
          body: raw,
        });
      } catch (error) {
        // The token endpoint names the one field a request misses, as Auth0 does, not every grant's complaint.
        const missing = shape === 'oauth' ? missingParameter(document.model, operation, raw) : undefined;
        if (missing !== undefined && isMockError(error) && error.status === 400) {
          throw oauthInvalidRequest(`Missing required parameter: ${missing}`);
        }
        throw error;
      }
      parsedBody = validated;
      const growth = growthOf(operation, request.method, session, validated, services);
      if (growth !== undefined) services.memory.ensureRoom(growth.bytes, growth.what);
      const context: RequestContext<never> = {
        operation,
        url,
        headers: request.headers,
        params,
        query: url.query,
        body: validated as never,
        principal,
        session,
        services,
        now: () => session.now(),
      };
      return await handler(context);
    }
  };
}

/** The headers every answer of this request carries, under the answer's own (the answer's win). */
function extraFirst(
  extra: Readonly<Record<string, HeaderValue>>,
  answer: Answer,
): Record<string, HeaderValue> {
  const own = new Set(Object.keys(answer.headers).map((name) => name.toLowerCase()));
  return Object.fromEntries(Object.entries(extra).filter(([name]) => !own.has(name.toLowerCase())));
}

/** `make()`, or undefined when it throws (a request the journal cannot be given a session for is not recorded). */
function quietly<T>(make: () => T): T | undefined {
  try {
    return make();
  } catch {
    return undefined;
  }
}

function isAdminPath(path: string): boolean {
  return path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`);
}

/** Whether the request came with a body (bytes, or more than the limit). */
function hasBody(request: MockRequest): boolean {
  const { body } = request;
  return body !== undefined && ('tooLarge' in body || body.bytes.length > 0);
}

/** `GET /` from a client that prefers HTML (a browser): the console, or the API reference without it. */
function isHomeForBrowser(request: MockRequest, url: RequestUrl): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    url.path === '/' &&
    prefersHtml(request.headers.accept)
  );
}

/** `wire` when it conforms to the document; else the 500 that says how it does not (a bug of the mock). */
function checked(
  wire: WireAnswer,
  checker: ResponseChecker,
  request: MockRequest,
  path: string,
  options: PipelineOptions,
): WireAnswer {
  if (wire.status === 0 || (wire.body !== undefined && !(wire.body instanceof Uint8Array))) return wire;
  const body = wire.json?.() ?? textBody(wire);
  const problems = checker.check({
    method: request.method,
    path,
    status: wire.status,
    headers: wire.headers,
    body,
  });
  if (problems.length === 0) return wire;
  const error = internalError(`the response does not match the spec: ${problems.join('; ')}`);
  options.onError(error, request);
  return toWire(
    withHeaders(errorAnswer(error, 'api'), {
      'X-API-Version': String(wire.headers['X-API-Version'] ?? 'v1'),
    }),
  );
}

function textBody(wire: WireAnswer): unknown {
  if (!(wire.body instanceof Uint8Array) || wire.body.length === 0) return undefined;
  const text = new TextDecoder().decode(wire.body);
  const type = String(wire.headers['Content-Type'] ?? '');
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Records the request in its session's journal (secrets redacted there); a failure to record never fails the answer. */
function record(
  session: Session,
  request: MockRequest,
  wire: WireAnswer,
  body: unknown,
  bodyOmitted: string | undefined,
  startedAt: number,
  durationMs: number,
): void {
  session.requests++;
  try {
    session.control.journal.record({
      startedAt,
      method: request.method,
      url: request.target,
      status: wire.status,
      durationMs,
      requestHeaders: request.headers,
      ...(body === undefined ? {} : { requestBody: body }),
      ...(bodyOmitted === undefined ? {} : { bodyOmitted }),
      responseHeaders: lowerCased(wire.headers),
      session: session.id,
    });
  } catch {
    // A body the journal cannot keep is left out of it; the answer stands.
  }
}

function lowerCased(headers: Readonly<Record<string, HeaderValue>>): Record<string, HeaderValue> {
  const out: Record<string, HeaderValue> = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = value;
  return out;
}
