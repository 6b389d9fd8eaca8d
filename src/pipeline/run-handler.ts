/**
 * Step 8 of docs/responses.md: the operation's handler, given its request context, once the session's state has
 * room for what the request may add (503 `state_memory_full`, `state-growth.ts`).
 */
import type { Principal } from '../access/principal.ts';
import type { Answer } from '../answer.ts';
import type { Handler, Services } from '../context.ts';
import type { RequestUrl } from '../protocol/request.ts';
import type { Session } from '../sessions/session.ts';
import type { OperationSpec } from '../spec/model.ts';
import type { Exchange } from './exchange.ts';
import type { DocumentRoutes } from './route.ts';
import { growthOf } from './state-growth.ts';

/** The operation's handler; a document without one for `operation` is a bug of the mock (a 500). */
export function handlerOf(at: DocumentRoutes, operation: OperationSpec): Handler<never> {
  const handler = at.document.handlers[operation.id];
  if (handler === undefined) throw new Error(`no handler for operation ${operation.id}`);
  return handler;
}

/** The handler's answer (or its promise: a synchronous handler's answer is not wrapped in another). */
export function runHandler(
  x: Exchange,
  handler: Handler<never>,
  input: {
    readonly operation: OperationSpec;
    readonly url: RequestUrl;
    readonly params: Readonly<Record<string, string>>;
    readonly body: unknown;
    readonly principal: Principal | undefined;
  },
  session: Session,
  services: Services,
): Answer | Promise<Answer> {
  const { operation, url, body } = input;
  const growth = growthOf(operation, x.request.method, session, body, services);
  if (growth !== undefined) services.memory.ensureRoom(growth.bytes, growth.what, session);
  return handler({
    operation,
    url,
    headers: x.request.headers,
    params: input.params,
    query: url.query,
    body: body as never,
    principal: input.principal,
    session,
    services,
    now: () => session.now(),
  });
}
