/**
 * What the steps of the request path know of one request so far (`handle.ts`), and the headers every answer to it
 * carries: `X-API-Version`, the session's echo, CORS, the rate limit's, `Preference-Applied`. One mutable record per
 * request, so that a step that fails still leaves what the error answer and the journal need.
 */
import type { Principal } from '../access/principal.ts';
import type { Answer, HeaderValue } from '../answer.ts';
import type { Handler } from '../context.ts';
import type { MockRequest, RequestUrl } from '../protocol/request.ts';
import { SESSION_HEADER, sessionIdProblem } from '../sessions/session-id.ts';
import type { Session } from '../sessions/session.ts';
import type { OperationSpec } from '../spec/model.ts';
import type { ResponseChecker } from '../spec/response-check.ts';
import type { Routed } from './document-routes.ts';
import type { ErrorShape } from './render.ts';

const SESSION_HEADER_NAME = SESSION_HEADER.toLowerCase();
const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});

export interface Exchange {
  readonly request: MockRequest;
  /** `performance.now()` when the request arrived (the journal's duration). */
  readonly arrived: number;
  /** Headers every answer to this request carries, under the answer's own (the answer's win). */
  readonly headers: Record<string, HeaderValue>;
  /** The `X-Mock-Session` the request names, when it is well formed. */
  readonly named: string | undefined;
  /** What is wrong with a malformed `X-Mock-Session` (answered after the rate limit). */
  readonly sessionProblem: string | undefined;
  /** The error shape of the operation reached; the API's until one is. */
  shape: ErrorShape;
  /**
   * Whether the request reached a browser-login route, whose pages, redirects and 400s carry their security
   * headers whatever produced them (a `Prefer` refusal, in JSON, included).
   */
  browserPage: boolean;
  /** Set by the steps, in this order (`handle.ts`); undefined until the step that sets it has run. */
  url: RequestUrl | undefined;
  routed: Routed | undefined;
  session: Session | undefined;
  /** The operation reached and its path parameters (once routing found one, or said 404/405). */
  operation: OperationSpec | undefined;
  params: Readonly<Record<string, string>>;
  handler: Handler<never> | undefined;
  /** The caller of a secured operation of the identity API. */
  principal: Principal | undefined;
  /** The session's clock when the request arrived, epoch ms (the journal's time). */
  startedAt: number;
  /** Whether the request is to the control plane, which the journal does not record. */
  inAdmin: boolean;
  /** The body as parsed (once, by whichever step reads it first). */
  body: unknown;
  /**
   * The body as validated (the schema's defaults applied): what the handler is given, and what the journal records
   * of a request that did not fail.
   */
  validated: unknown;
  /** Why the body is not recorded (`too deep`). */
  bodyOmitted: string | undefined;
  /** The response check the answer goes through; undefined: none (not routed, not asked for, a forced answer). */
  checker: { readonly responses: ResponseChecker; readonly path: string } | undefined;
}

/** The exchange of a request that has just arrived: its session header read, `X-API-Version` set. */
export function openExchange(request: MockRequest, apiVersion: string): Exchange {
  const sessionId = request.headers[SESSION_HEADER_NAME];
  const sessionProblem = sessionId === undefined ? undefined : sessionIdProblem(sessionId);
  const named = sessionId !== undefined && sessionProblem === undefined ? sessionId : undefined;
  const headers: Record<string, HeaderValue> = { 'X-API-Version': apiVersion };
  if (named !== undefined) headers[SESSION_HEADER] = named;
  return {
    request,
    arrived: performance.now(),
    headers,
    named,
    sessionProblem,
    shape: 'api',
    browserPage: false,
    url: undefined,
    routed: undefined,
    session: undefined,
    operation: undefined,
    params: NO_PARAMS,
    handler: undefined,
    principal: undefined,
    startedAt: 0,
    inAdmin: false,
    body: undefined,
    validated: undefined,
    bodyOmitted: undefined,
    checker: undefined,
  };
}

/** What a step that runs after the one that sets it reads: a step run out of order is a bug of the mock (a 500). */
function reached<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`a step read the ${what} before the step that sets it ran`);
  return value;
}

export const urlOf = (x: Exchange): RequestUrl => reached(x.url, 'URL');
export const routedOf = (x: Exchange): Routed => reached(x.routed, 'route');
export const sessionOf = (x: Exchange): Session => reached(x.session, 'session');
export const operationOf = (x: Exchange): OperationSpec => reached(x.operation, 'operation');
export const handlerOf = (x: Exchange): Handler<never> => reached(x.handler, 'handler');

/** `answer`, which the response check leaves alone (an answer a test asked for: a fault rule's, `Prefer`'s). */
export function unchecked(x: Exchange, answer: Answer): Answer {
  x.checker = undefined;
  return answer;
}
