/**
 * Step 8 of docs/responses.md: the operation's handler, given its request context, once the session's state has
 * room for what the request may add (503 `state_memory_full`, `state-growth.ts`).
 */
import { handlerOf, operationOf, routedOf, sessionOf, urlOf } from './exchange.ts';
import { growthOf } from './state-growth.ts';
import type { Step } from './step.ts';

/** The operation's handler, found before the caller is checked; a document without one is a bug of the mock (a 500). */
export const findHandlerStep: Step = (x) => {
  const operation = operationOf(x);
  const handler = routedOf(x).at.document.handlers[operation.id];
  if (handler === undefined) throw new Error(`no handler for operation ${operation.id}`);
  x.handler = handler;
  return undefined;
};

/** The handler's answer (or its promise: a synchronous handler's answer is not wrapped in another). */
export const runHandlerStep: Step = (x, s) => {
  const { services } = s;
  const operation = operationOf(x);
  const url = urlOf(x);
  const session = sessionOf(x);
  const body = x.validated;
  const growth = growthOf(operation, x.request.method, session, body, services);
  if (growth !== undefined) services.memory.ensureRoom(growth.bytes, growth.what, session);
  return handlerOf(x)({
    operation,
    url,
    headers: x.request.headers,
    params: x.params,
    query: url.query,
    body: body as never,
    principal: x.principal,
    session,
    services,
    now: () => session.now(),
  });
};
