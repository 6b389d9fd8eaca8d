/**
 * The handlers of operations the engine answers from the document alone (docs/own-spec.md "Actions and
 * singletons"): an action (`POST /users/{id}/suspend`) or a singleton (`GET /settings`) answers its documented
 * success status with the operation's example, or a body generated from its response schema, deterministic for the
 * seed and the request; a singleton `GET` whose answer is the user schema answers the caller's own user record.
 */
import { empty, json } from '../../answer.ts';
import { principalOf, type Handler, type RequestContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { MESSAGES } from '../../protocol/header-text.ts';
import { exampleBody } from '../../resources/example-answer.ts';
import type { OperationModel } from '../../resources/resource-model.ts';
import { shownUser } from './user-handlers.ts';

/** `<Thing> updated successfully` after an action on a record of a collection, else what §2 says of a read. */
function messageOf(op: OperationModel, context: RequestContext): string {
  if (op.method === 'get' || op.method === 'head') return MESSAGES.retrieved;
  let best: { path: string; title: string } | undefined;
  for (const c of context.services.resources.model.collections) {
    if (op.path.startsWith(`${c.path}/`) && (best === undefined || c.path.length > best.path.length))
      best = { path: c.path, title: c.title };
  }
  const thing = best?.title ?? 'Request';
  return op.method === 'delete' ? `${thing} deleted successfully` : `${thing} updated successfully`;
}

/** An action's or a singleton's answer: its example, or a body generated for this request. */
export function exampleHandler(op: OperationModel): Handler {
  return (context) => {
    const { resources } = context.services;
    const key = `${context.url.path}?${context.url.search}`;
    const body = exampleBody(op, resources.reader, resources.seed, key);
    const message = messageOf(op, context);
    return body === undefined ? empty(op.status, message) : json(op.status, body, message);
  };
}

/** `GET /me`: the caller's own user record, without the fields its permissions do not show. */
export function callerHandler(op: OperationModel): Handler {
  return (context) => {
    const principal = principalOf(context);
    const { store } = context.session.state;
    const user = principal.slot === undefined ? undefined : store.userAt(principal.slot);
    if (user === undefined) {
      throw notFound(
        'user_not_found',
        `${op.path} answers the token's own user, and this token names none (an app token, or a user deleted since); get a token for a user`,
      );
    }
    return json(op.status, shownUser(context, user), MESSAGES.retrieved);
  };
}
