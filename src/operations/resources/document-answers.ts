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
import type { CollectionModel, OperationModel } from '../../resources/resource-model.ts';
import { isUsersStore, shownUser, visibleSlot } from './user-handlers.ts';

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

/**
 * The record an action acts on, which must exist and be visible to the caller: `POST /users/{id}/suspend` on an
 * unknown user is 404 `user_not_found`, `PUT /workspaces/{workspace}/owner` on an unknown workspace 404
 * `workspace_not_found`. The record is the one of the collection whose item path the action's path extends most
 * closely, named by the same path parameters; an action whose path names them otherwise is not checked.
 */
function requireTarget(op: OperationModel, context: RequestContext): void {
  const { model } = context.services.resources;
  let target: CollectionModel | undefined;
  for (const c of model.collections) {
    if (c.itemPath === undefined || !op.path.startsWith(`${c.itemPath}/`)) continue;
    if (target?.itemPath === undefined || c.itemPath.length > target.itemPath.length) target = c;
  }
  if (target === undefined) return;
  const item = model.operations.find((o) => o.collection === target.name && o.itemParameter !== undefined);
  if (item?.itemParameter === undefined) return;
  const names = [...item.scope.map((s) => s.parameter), item.itemParameter];
  const values = names.map((name) => context.params[name]);
  if (values.some((v) => v === undefined)) return;
  const [value, ...parents] = (values as string[]).reverse();
  if (isUsersStore(item, model)) visibleSlot(context, value ?? '');
  else context.session.resources.read(target.name, parents.reverse(), value ?? '');
}

/** An action's or a singleton's answer: its example, or a body generated for this request. */
export function exampleHandler(op: OperationModel): Handler {
  return (context) => {
    const { resources } = context.services;
    requireTarget(op, context);
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
