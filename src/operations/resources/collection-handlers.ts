/**
 * The handlers of the operations the resource engine serves on a document's collections (docs/own-spec.md
 * "Collections"): list, create, read, replace (PUT), merge patch (PATCH) and delete, over the session's copy of the
 * collection (`session.resources`). Each is made for one operation of the model, so everything the document says
 * of it (its collection, parents, status and headers) is read once, at start.
 */
import { empty, json, text, type Answer } from '../../answer.ts';
import type { Handler, RequestContext } from '../../context.ts';
import { MESSAGES } from '../../protocol/header-text.ts';
import { JSON_CONTENT_TYPE } from '../../protocol/media-type.ts';
import { exampleBody } from '../../resources/example-answer.ts';
import { readListQuery } from '../../resources/list-query.ts';
import { notice } from '../../resources/notices.ts';
import type { CollectionModel, OperationModel } from '../../resources/resource-model.ts';
import type { Caller } from '../../resources/collection-store.ts';
import { buildLink } from '../../users/link.ts';
import { listBody } from './list-body.ts';

/** The parents' path values of `op`, outermost first. */
function scopeOf(op: OperationModel, context: RequestContext): string[] {
  return op.scope.map((s) => context.params[s.parameter] ?? '');
}

function itemOf(op: OperationModel, context: RequestContext): string {
  return op.itemParameter === undefined ? '' : (context.params[op.itemParameter] ?? '');
}

/** Who writes: the token's user, by id (none for an app token). */
export function callerOf(context: RequestContext): Caller {
  const slot = context.principal?.slot;
  const user = slot === undefined ? undefined : context.session.state.store.userAt(slot);
  return { userId: user?.id };
}

function collectionOf(op: OperationModel, context: RequestContext): CollectionModel {
  const found = context.services.resources.model.collections.find((c) => c.name === op.collection);
  if (found === undefined) throw new Error(`${op.operationId} names no collection of the document`);
  return found;
}

/** `Location` of a record created at `url`: the collection's URL and the record's id. */
function locationOf(
  context: RequestContext,
  c: CollectionModel,
  record: Readonly<Record<string, unknown>>,
): string {
  const id = c.id.property === undefined ? undefined : record[c.id.property];
  const base = `${context.url.origin}${context.url.path.replace(/\/+$/, '')}`;
  return typeof id === 'string' || typeof id === 'number'
    ? `${base}/${encodeURIComponent(String(id))}`
    : base;
}

const list =
  (op: OperationModel): Handler =>
  (context) => {
    const c = collectionOf(op, context);
    const plan = c.list;
    if (plan === undefined) throw new Error(`${op.operationId} lists a collection without a list plan`);
    const query = readListQuery(plan, context.query, c.sortable);
    const result = context.session.resources.list(c.name, scopeOf(op, context), query);
    const headers: Record<string, string> = {};
    if (op.headers.totalCount) headers['X-Total-Count'] = String(result.total);
    if (op.headers.link && query.page !== undefined && Number.isFinite(query.limit)) {
      const link = buildLink({
        base: `${context.url.origin}${context.url.path}`,
        query: context.url.search,
        page: query.page,
        pageSize: query.limit,
        total: result.total,
      });
      if (link !== undefined) headers['Link'] = link;
    }
    const message = notice('list', c, result.items.length);
    if (c.envelope === undefined) {
      // A bare array: the page's JSON from the store, which keeps the seeded records' text.
      const items = result.items;
      const body = context.session.resources.itemsJson(c.name, items);
      return text(op.status, JSON_CONTENT_TYPE, body, message, headers, () => items);
    }
    const body = listBody(c, op, context.services.resources.reader, result, query);
    return json(op.status, body, message, headers);
  };

/**
 * A write's answer as its operation documents it: the record when the success response is an object schema (or
 * has none but content), no body when it documents none, and otherwise a body of its own schema (Keycloak's
 * `POST /{realm}/users` documents a string), so that the answer is always one the document allows.
 */
function written(
  op: OperationModel,
  context: RequestContext,
  record: unknown,
  message: string,
  headers: Readonly<Record<string, string>> = {},
): Answer {
  const { reader, seed } = context.services.resources;
  if (op.responseSchema === undefined) return empty(op.status, message, headers);
  if (reader.isObject(reader.resolve(op.responseSchema))) return json(op.status, record, message, headers);
  const body = exampleBody(op, reader, seed, `${context.url.path}?${context.url.search}`);
  return json(op.status, body, message, headers);
}

const create =
  (op: OperationModel): Handler =>
  (context) => {
    const c = collectionOf(op, context);
    const record = context.session.resources.create(
      c.name,
      scopeOf(op, context),
      context.body,
      callerOf(context),
    );
    const headers = op.headers.location ? { Location: locationOf(context, c, record) } : {};
    return written(op, context, record, notice('create', c), headers);
  };

const read =
  (op: OperationModel): Handler =>
  (context) => {
    const c = collectionOf(op, context);
    const record = context.session.resources.read(c.name, scopeOf(op, context), itemOf(op, context));
    return json(op.status, record, MESSAGES.retrieved);
  };

const write =
  (op: OperationModel, how: 'replace' | 'patch'): Handler =>
  (context) => {
    const c = collectionOf(op, context);
    const resources = context.session.resources;
    const args = [
      c.name,
      scopeOf(op, context),
      itemOf(op, context),
      context.body,
      callerOf(context),
    ] as const;
    const record = how === 'replace' ? resources.replace(...args) : resources.patch(...args);
    return written(op, context, record, notice(how, c));
  };

const remove =
  (op: OperationModel): Handler =>
  (context): Answer => {
    const c = collectionOf(op, context);
    const scope = scopeOf(op, context);
    const item = itemOf(op, context);
    // A delete documented with a body answers the record deleted; otherwise no body.
    const record =
      op.responseSchema === undefined ? undefined : context.session.resources.read(c.name, scope, item);
    context.session.resources.delete(c.name, scope, item);
    return record === undefined
      ? empty(op.status, notice('delete', c))
      : json(op.status, record, notice('delete', c));
  };

/** The handler of an operation the engine serves on a collection or its item. */
export function collectionHandler(op: OperationModel): Handler {
  switch (op.action) {
    case 'list':
      return list(op);
    case 'create':
      return create(op);
    case 'read':
      return read(op);
    case 'replace':
      return write(op, 'replace');
    case 'patch':
      return write(op, 'patch');
    case 'delete':
      return remove(op);
    case undefined:
      throw new Error(`${op.operationId} is not served by a collection`);
  }
}
