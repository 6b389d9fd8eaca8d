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
 * unexpected failure is a 500, reported to `onError`. Each step is a function of its own file; `steps` below lists
 * them in order.
 */
import type { Answer } from '../answer.ts';
import type { Services } from '../context.ts';
import { securedPage } from '../oauth/page-headers.ts';
import type { MockRequest } from '../protocol/request.ts';
import type { OperationSpec } from '../spec/model.ts';
import { checkAdminHost } from './admin-guard.ts';
import { authenticateStep } from './authenticate.ts';
import { bodyOf, isTooDeep } from './body.ts';
import { browserHome } from './browser-home.ts';
import { checkResponse } from './check-response.ts';
import { ADMIN_PREFIX, applyCors } from './cors.ts';
import { openExchange, type Exchange } from './exchange.ts';
import { passGates } from './gates.ts';
import { checkRequestMediaType } from './header-checks.ts';
import { pickSession, sessionAfterFailure } from './pick-session.ts';
import { readUrl } from './read-url.ts';
import { record } from './record.ts';
import { errorAnswer, isMockError } from './render.ts';
import { documentRoutes, responseCheckOf, route, routedOperation, type DocumentPath } from './route.ts';
import { handlerOf, runHandler } from './run-handler.ts';
import { validateStep, validationInput } from './validate.ts';
import { versionAndPrefer } from './version-and-prefer.ts';
import { toWire, type WireAnswer } from './wire.ts';

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

export function createPipeline(
  services: Services,
  options: PipelineOptions,
): (serves: (operation: OperationSpec) => boolean) => RequestHandler {
  const api = documentRoutes(options.api, true, options.lenientQuery);
  // `lenientQuery` is the identity API's (docs/users.md): the control plane refuses unknown parameters always.
  const admin = options.admin === undefined ? undefined : documentRoutes(options.admin, false, false);
  const served = options.apiVersions[0] ?? 'v1';
  const adminHosts: ReadonlySet<string> = new Set(options.adminHosts.map((host) => host.toLowerCase()));
  const home = options.admin === undefined ? '/docs' : `${ADMIN_PREFIX}/ui/`;
  const versions = {
    apiVersions: options.apiVersions,
    adminOrigins: options.adminOrigins,
    api: services.api,
  };

  /** The steps, in order, up to the answer; the first that throws answers instead. */
  async function steps(x: Exchange, serves: (operation: OperationSpec) => boolean): Promise<Answer> {
    const url = (x.url = readUrl(x.request, options.trustProxy));
    const routed = route(x, url, api, admin, serves);
    // With --trust-proxy the URL's host is X-Forwarded-Host's: the rule holds for the Host header too.
    if (!routed.at.isApi) checkAdminHost(url.host, adminHosts, x.request.headers.host);
    const session = pickSession(x, services.sessions);
    const preflight = applyCors(x, url, options.adminOrigins);
    if (preflight !== undefined) return preflight;
    const browser = browserHome(x.request, url, home);
    if (browser !== undefined) return browser;
    x.checker = responseCheckOf(routed);
    // An answer asked for (a fault rule, `Prefer`) is what the test wanted, documented or not: it is not checked.
    const gated = passGates(x, url, routed, session, services);
    const fault = gated === undefined ? undefined : await gated;
    if (fault !== undefined) return unchecked(x, fault);
    const { operation, params } = routedOperation(routed, x.request.method);
    const prefer = versionAndPrefer(x, url, routed.at, operation, versions);
    const preferred = prefer === undefined ? undefined : await prefer;
    if (preferred !== undefined) return unchecked(x, preferred);
    const handler = handlerOf(routed.at, operation);
    const principal = await authenticateStep(x, routed.at, operation, session, services, options.adminToken);
    checkRequestMediaType(x, routed.at, services.api.requestContentTypes);
    const body = operation.bodyMediaTypes.length > 0 ? bodyOf(x, operation) : undefined;
    const checked = validationInput(x, url, routed, params, body);
    const validated = routed.at.validation.remembers(operation, checked)
      ? body
      : await validateStep(x, routed, operation, checked);
    const input = { operation, url, params, body: validated, principal };
    const answer = await runHandler(x, handler, input, session, services);
    x.validated = validated;
    return answer;
  }

  /** A failed step's answer, in the shape of the operation reached. */
  function failed(x: Exchange, error: unknown): Answer {
    if (!isMockError(error)) options.onError(error, x.request);
    if (isTooDeep(error)) {
      x.body = undefined;
      x.bodyOmitted = 'too deep';
    }
    if (x.url === undefined) sessionAfterFailure(x, services.sessions);
    return errorAnswer(error, x.shape);
  }

  /**
   * The answer as written: the browser-login routes' security headers (on their pages, redirects and 400s, whatever
   * produced them), the request's own headers, serialised once, checked if asked.
   */
  function written(x: Exchange, answer: Answer): WireAnswer {
    const wire = toWire(x.browserPage ? securedPage(answer) : answer, x.headers);
    return x.checker === undefined ? wire : checkResponse(wire, x.checker, x.request, options.onError);
  }

  return (serves) => async (request) => {
    const x = openExchange(request, served);
    let answer: Answer;
    try {
      answer = await steps(x, serves);
    } catch (error) {
      answer = failed(x, error);
    }
    const wire = written(x, answer);
    record(x, wire);
    return wire;
  };
}

/** `answer`, which the response check leaves alone (an answer a test asked for). */
function unchecked(x: Exchange, answer: Answer): Answer {
  x.checker = undefined;
  return answer;
}
