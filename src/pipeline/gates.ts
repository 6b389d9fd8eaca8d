/**
 * The control plane in the request path (docs/control-plane.md): the rate limit and the fault rules, which answer
 * before anything else once the request is routed, and `Prefer`, once the operation is known. Each costs a check when
 * unused (limiting off, no rules, no header).
 */
import { DROP, empty, json, text, type Answer } from '../answer.ts';
import type { ControlPlane } from '../control/control-plane.ts';
import {
  injectedFault,
  invalidRequest,
  quote,
  rateLimited,
  tooManyRequests,
  type MockError,
} from '../errors.ts';
import { claimedClientId } from '../oauth/client-auth.ts';
import { faultRequestOf, oauthFaultRoute, type OAuthFaultRoute } from '../oauth/fault-answers.ts';
import { SESSION_HEADER } from '../sessions/session-id.ts';
import type { ApiModel, OperationSpec } from '../spec/model.ts';
import { bearerToken } from '../protocol/authorization.ts';
import { bodyOf } from './body.ts';
import { routedOf, sessionOf, unchecked, urlOf, type Exchange } from './exchange.ts';
import { forcedAnswer, type ForcedAnswer } from './forced-answers.ts';
import { parsePrefer } from './prefer.ts';
import type { ErrorShape } from './render.ts';
import type { PipelineServices, Step } from './step.ts';

/** What the gates read of a request. */
export interface GateRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly clientAddress: string;
  /** The body, parsed, on the token endpoint (its client_id is the rate-limit key there). */
  readonly body: () => unknown;
  /** What fault rules on a grant, client or user match, and the route's answer to an `oauth_error` rule. */
  readonly oauth?: () => OAuthFaultRoute;
}

/**
 * Gate 0, once the request is routed: on the identity API the rate limit (its headers go on every answer while it
 * is on), then a malformed `X-Mock-Session` (on any document), then the fault rules of the identity API. Returns the
 * answer a fault rule asks for, if one does; costs a check or two when limiting is off and there are no rules (and
 * then answers at once, with no promise to wait for).
 */
export const gatesStep: Step = (x, s) => {
  const session = sessionOf(x);
  const { control } = session;
  const routed = routedOf(x);
  const { isApi } = routed.at;
  let gated: GateRequest | undefined;
  const request = (): GateRequest => (gated ??= gateRequestOf(x, s));
  if (isApi && control.limiter.config !== undefined) {
    const verdict = rateLimitGate(control, request(), x.shape, session.now());
    Object.assign(x.headers, verdict.headers);
    if (verdict.refused !== undefined) throw verdict.refused;
  }
  if (x.sessionProblem !== undefined) {
    throw invalidRequest(`${SESSION_HEADER} ${x.sessionProblem}`, [
      { location: 'header', name: SESSION_HEADER, message: x.sessionProblem },
    ]);
  }
  if (!isApi || control.faults.size === 0) return undefined;
  // An answer a fault rule asks for is what the test wanted, documented or not: it is not checked.
  return faultGate(control, s.services.api, request(), routed.operation, x.shape).then((fault) =>
    fault === undefined ? undefined : unchecked(x, fault),
  );
};

/** What the gates read of a routed request (its body and its OAuth facts read only if a gate asks). */
function gateRequestOf(x: Exchange, s: PipelineServices): GateRequest {
  const { request, shape } = x;
  const url = urlOf(x);
  const session = sessionOf(x);
  const { operation } = routedOf(x);
  const body = (): unknown => bodyOf(x, operation);
  return {
    method: request.method,
    path: url.path,
    headers: request.headers,
    clientAddress: url.clientAddress,
    body,
    oauth: () =>
      oauthFaultRoute(
        faultRequestOf(operation, shape, url.query, request.headers, body, session, s.services),
      ),
  };
}

/** The rate limit's verdict on a request: the `X-RateLimit-*` headers every answer carries, and the 429 if over. */
export interface RateVerdict {
  readonly headers: Readonly<Record<string, string>>;
  readonly refused: MockError | undefined;
}

const UNLIMITED: RateVerdict = { headers: {}, refused: undefined };

/** Counts the request against its key's bucket at `now` (epoch ms). */
export function rateLimitGate(
  control: ControlPlane,
  request: GateRequest,
  shape: ErrorShape,
  now: number,
): RateVerdict {
  const { config } = control.limiter;
  if (config === undefined) return UNLIMITED;
  const decision = control.limiter.take(rateKey(request, shape), now);
  if (decision === undefined) return UNLIMITED;
  const headers = {
    'X-RateLimit-Limit': String(decision.limit),
    'X-RateLimit-Remaining': String(decision.remaining),
    'X-RateLimit-Reset': String(decision.reset),
  };
  if (decision.allowed) return { headers, refused: undefined };
  const message = `rate limit of ${config.limit} requests per ${config.window} exceeded; retry in ${decision.retryAfter} s`;
  return {
    headers,
    refused:
      shape === 'oauth'
        ? tooManyRequests(message, decision.retryAfter)
        : rateLimited(message, decision.retryAfter),
  };
}

/** The bucket of a request: its bearer token, else (token endpoint) its client_id, else its client address. */
function rateKey(request: GateRequest, shape: ErrorShape): string {
  if (shape === 'oauth') {
    const body = bodyOrNothing(request);
    const client = claimedClientId(
      request.headers.authorization,
      typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : undefined,
    );
    if (client !== undefined) return `client:${client}`;
  }
  const token = bearerToken(request.headers.authorization);
  return token === undefined ? `address:${request.clientAddress}` : `token:${token}`;
}

/**
 * The first matching fault rule's answer: after its delay, its status (0 drops the connection), the route's own
 * answer to its `oauth_error`, or, without either, undefined (the request goes on).
 */
export async function faultGate(
  control: ControlPlane,
  model: ApiModel,
  request: GateRequest,
  operation: OperationSpec | undefined,
  shape: ErrorShape,
): Promise<Answer | undefined> {
  if (control.faults.size === 0) return undefined;
  let route: OAuthFaultRoute | undefined;
  const oauth = (): OAuthFaultRoute | undefined => (route ??= request.oauth?.());
  const rule = control.faults.match(
    request.method,
    request.path,
    (name) => request.headers[name.toLowerCase()],
    () => oauth()?.facts() ?? { grantType: undefined, clientId: undefined, isUser: () => false },
  );
  if (rule === undefined) return undefined;
  if (rule.delay_ms !== undefined) await sleep(rule.delay_ms);
  if (rule.status === 0) return DROP;
  const code = rule.oauth_error;
  const answer =
    code === undefined
      ? undefined
      : oauth()?.answer({
          code,
          description: rule.error_description ?? `fault injected: ${code}`,
          status: rule.status,
        });
  if (answer !== undefined) return answer;
  if (rule.status === undefined) return undefined;
  const documented = operation === undefined ? undefined : forcedAnswer(model, operation, rule.status);
  return documented === undefined ? injectedFault(rule.status, shape === 'oauth') : answerOf(documented);
}

/** `Prefer: code=…, delay=…` for `operation`: the `Preference-Applied` header and the forced answer, if any. */
export async function preferences(
  model: ApiModel,
  operation: OperationSpec,
  header: string | undefined,
): Promise<{ readonly applied: string; readonly answer: Answer | undefined } | undefined> {
  const prefer = parsePrefer(header);
  if (prefer === undefined) return undefined;
  let forced: ForcedAnswer | undefined;
  if (prefer.code !== undefined) {
    forced = forcedAnswer(model, operation, prefer.code);
    if (forced === undefined) {
      const message = `Prefer code=${prefer.code} is not documented for ${operation.method.toUpperCase()} ${operation.path}; documented: ${operation.statuses.join(', ')}`;
      throw invalidRequest(message, [
        {
          location: 'header',
          name: 'Prefer',
          message: `code must be one of ${operation.statuses.join(', ')} (got ${quote(String(prefer.code))})`,
        },
      ]);
    }
  }
  if (prefer.delayMs !== undefined) await sleep(prefer.delayMs);
  return { applied: prefer.applied, answer: forced === undefined ? undefined : answerOf(forced) };
}

function answerOf(forced: ForcedAnswer): Answer {
  if (forced.body === undefined) return empty(forced.status, forced.message, forced.headers);
  if (forced.textType !== undefined) {
    const body = typeof forced.body === 'string' ? forced.body : JSON.stringify(forced.body);
    return text(forced.status, withCharset(forced.textType), body, forced.message, forced.headers);
  }
  return json(forced.status, forced.body, forced.message, forced.headers);
}

/** A media type of a text body, with its charset (`text/html; charset=utf-8`). */
function withCharset(type: string): string {
  return type.includes('charset=') ? type : `${type}; charset=utf-8`;
}

/** The request's body, or undefined when it cannot be read (its own step answers that, with these headers). */
function bodyOrNothing(request: GateRequest): unknown {
  try {
    return request.body();
  } catch {
    return undefined;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
