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
 * unexpected failure is a 500, reported to `onError`. Each step is a function of the exchange and the pipeline's
 * services, in a file of its own (`step.ts`); `STEPS` below lists them in order.

 */
import type { Answer } from '../answer.ts';
import type { Services } from '../context.ts';
import { securedPage } from '../oauth/page-headers.ts';
import type { MockRequest } from '../protocol/request.ts';
import type { OperationSpec } from '../spec/model.ts';
import { adminHostStep } from './admin-guard.ts';
import { authenticateStep } from './authenticate.ts';
import { bodyStep, isTooDeep } from './body.ts';
import { homeStep } from './browser-home.ts';
import { checkResponse } from './check-response.ts';
import { ADMIN_PREFIX, corsStep, navigationPaths } from './cors.ts';
import { documentRoutes, type DocumentPath } from './document-routes.ts';
import { openExchange, type Exchange } from './exchange.ts';
import { gatesStep } from './gates.ts';
import { issuerPathOf } from './issuer-path.ts';
import { mediaTypeStep } from './header-checks.ts';
import { sessionAfterFailure, sessionStep } from './pick-session.ts';
import { readUrlStep } from './read-url.ts';
import { record } from './record.ts';
import { errorAnswer, isMockError } from './render.ts';
import { operationStep, responseCheckStep, routeStep } from './route.ts';
import { findHandlerStep, runHandlerStep } from './run-handler.ts';
import type { PipelineOptions, PipelineServices, Step } from './step.ts';
import { validateStep } from './validate.ts';
import { versionAndPreferStep } from './version-and-prefer.ts';
import { toWire, type WireAnswer } from './wire.ts';

export type { PipelineOptions } from './step.ts';

/** The steps, in order, up to the answer (the handler's, the last, always answers). */
const STEPS: readonly Step[] = [
  readUrlStep,
  routeStep,
  adminHostStep,
  sessionStep,
  corsStep,
  homeStep,
  responseCheckStep,
  gatesStep,
  operationStep,
  versionAndPreferStep,
  findHandlerStep,
  authenticateStep,
  mediaTypeStep,
  bodyStep,
  validateStep,
  runHandlerStep,
];

/** Answers requests; `serves` says which operations of the identity API this listener serves (`--auth-port`). */
export type RequestHandler = (request: MockRequest) => Promise<WireAnswer>;

/** The request path of one mock: a handler per listener, and the identity API's part swapped at a reload. */
export interface Pipeline {
  /** The request path of a listener serving the operations `serves` picks. */
  listener(serves: (operation: OperationSpec) => boolean): RequestHandler;
  /**
   * Serves the identity API from `api`, with `services`, from the next request on (docs/own-spec.md "Live reload");
   * a request under way finishes on what it started with.
   */
  swap(services: Services, api: DocumentPath, apiVersions: readonly string[]): void;
}

export function createPipeline(services: Services, options: PipelineOptions): Pipeline {
  const admin =
    // `lenientQuery` is the identity API's (docs/users.md): the control plane refuses unknown parameters always.
    options.admin === undefined ? undefined : documentRoutes(options.admin, false, false);
  const adminHosts = new Set(options.adminHosts.map((host) => host.toLowerCase()));
  const shared = (services: Services, options: PipelineOptions): Shared => ({
    services,
    options,
    api: documentRoutes(options.api, true, options.lenientQuery),
    admin,
    adminHosts,
    navigation: navigationPaths(options.api.model),
    home: options.admin === undefined ? '/docs' : `${ADMIN_PREFIX}/ui/`,
    issuerPath: issuerPathOf(
      services.tokens.issuers.settings.issuer,
      services.tokens.issuers.settings.pinned,
    ),
    served: options.apiVersions[0] ?? 'v1',
  });
  let current = shared(services, options);
  return {
    listener(serves) {
      // What the requests of this listener share, made again only after a swap.
      let from = current;
      let latest: PipelineServices = { ...from, serves };
      return async (request) => {
        if (from !== current) {
          from = current;
          latest = { ...from, serves };
        }
        const s = latest;
        const x = openExchange(request, from.served);
        let answer: Answer;
        try {
          answer = await steps(x, s);
        } catch (error) {
          answer = failed(x, s, error);
        }
        const wire = written(x, s, answer);
        record(x, wire);
        return wire;
      };
    },
    swap(services, api, apiVersions) {
      current = shared(services, { ...current.options, api, apiVersions });
    },
  };
}

type Shared = Omit<PipelineServices, 'serves'> & { readonly served: string };

/** The first answer of the steps; the first that throws answers instead. A step waited for only when it must be. */
async function steps(x: Exchange, s: PipelineServices): Promise<Answer> {
  for (const step of STEPS) {
    const result = step(x, s);
    const answer = result instanceof Promise ? await result : result;
    if (answer !== undefined) return answer;
  }
  throw new Error('no step of the request path answered');
}

/**
 * A failed step's answer, in the shape of the operation reached. The journal records the body of a failed request
 * as sent, not as validated.
 */
function failed(x: Exchange, s: PipelineServices, error: unknown): Answer {
  if (!isMockError(error)) s.options.onError(error, x.request);
  x.validated = undefined;
  if (isTooDeep(error)) {
    x.body = undefined;
    x.bodyOmitted = 'too deep';
  }
  if (x.url === undefined) sessionAfterFailure(x, s.services.sessions);
  // The identity API's errors take the served document's own error schema when it declares one.
  return errorAnswer(error, x.shape, x.inAdmin ? undefined : s.services.resources.model.errorShape);
}

/**
 * The answer as written: the browser-login routes' security headers (on their pages, redirects and 400s, whatever
 * produced them), the request's own headers, serialised once, checked if asked.
 */
function written(x: Exchange, s: PipelineServices, answer: Answer): WireAnswer {
  const wire = toWire(x.browserPage ? securedPage(answer) : answer, x.headers);
  return x.checker === undefined ? wire : checkResponse(wire, x.checker, x.request, s.options.onError);
}
