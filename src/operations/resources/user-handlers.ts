/**
 * The users collection as the engine serves it (docs/own-spec.md "Users"): `POST /users`, `GET|PUT|PATCH
 * /users/{…}` act on the store `GET /users` queries, so a created user is in the next list, search, sort and count,
 * and logs in with the body's write-only `password` (else the default one). The server's fields are `id` (a uuid
 * from the session's seeded random), `created_at`/`updated_at` (the session clock) and `created_by`/`updated_by`
 * (the caller); a required field the body leaves out takes its schema's default, example or first enum value.
 * Row-level access (docs/access.md) applies to reads and writes alike: a user the caller may not see is 404.
 */
import { canSee } from '../../access/row-level.ts';
import { json } from '../../answer.ts';
import { principalOf, type Handler, type RequestContext } from '../../context.ts';
import { DEFAULT_PASSWORD } from '../../data/dataset.ts';
import { invalidRequest, notFound, quote } from '../../errors.ts';
import { mergePatch } from '../../resources/merge-patch.ts';
import { notice } from '../../resources/notices.ts';
import { uuidFrom } from '../../resources/record-writes.ts';
import type { CollectionModel, OperationModel, ResourceModel } from '../../resources/resource-model.ts';
import { conflict } from '../../resources/resource-errors.ts';
import { storeUsers } from '../../resources/users-store.ts';
import type { User } from '../../spec/types.ts';
import { hiddenFields } from '../../users/page-json.ts';
import { UserConflict } from '../../users/user-conflict.ts';
import { callerOf } from './collection-handlers.ts';

/** Fields only the server writes; a body's values for them are ignored. */
const SERVER_FIELDS = ['id', 'created_at', 'updated_at', 'created_by', 'updated_by'];
/** Fields a replace keeps from the record it replaces. */
const KEPT_FIELDS = ['id', 'created_at', 'created_by'];

function usersOf(context: RequestContext): CollectionModel {
  const found = context.services.resources.model.collections.find((c) => c.name === 'users');
  if (found === undefined) throw new Error('the document has no users collection');
  return found;
}

function fieldsOf(body: unknown): Readonly<Record<string, unknown>> {
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    return body as Readonly<Record<string, unknown>>;
  }
  throw invalidRequest(`a user is a JSON object (got ${Array.isArray(body) ? 'an array' : typeof body})`, [
    { location: 'body', name: 'body', message: 'must be a JSON object' },
  ]);
}

/** The body's fields the client writes: the server's and write-only ones (the password) left out. */
function written(c: CollectionModel, body: unknown): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fieldsOf(body))) {
    if (!SERVER_FIELDS.includes(k) && !c.writeOnly.includes(k) && k !== 'password') kept[k] = v;
  }
  return kept;
}

/** The body's password, when it sends one. */
function passwordOf(body: unknown): string | undefined {
  const password = fieldsOf(body)['password'];
  return typeof password === 'string' ? password : undefined;
}

/** Each required field `record` lacks, from its schema's default, example or first enum value. */
function withRequired(c: CollectionModel, context: RequestContext, record: Record<string, unknown>): void {
  const { reader } = context.services.resources;
  for (const name of c.required) {
    if (record[name] !== undefined) continue;
    const schema = reader.resolve(c.properties.get(name));
    const value =
      schema.default ??
      schema.example ??
      (Array.isArray(schema.enum) ? (schema.enum[0] as unknown) : undefined);
    if (value !== undefined) record[name] = value;
  }
}

/** The live user `reference` names that the caller may see, or 404. */
export function visibleSlot(context: RequestContext, reference: string): number {
  const { store } = context.session.state;
  const found = store.find(reference);
  if (found === undefined || !canSee(principalOf(context), store, found.slot)) {
    throw notFound('user_not_found', `no user with id or identifier ${quote(reference)}`);
  }
  return found.slot;
}

/** Whether `op` acts on the users store (`resources/users-store.ts`). */
export function isUsersStore(op: OperationModel, model: ResourceModel): boolean {
  return op.collection === 'users' && op.secured && storeUsers(model) !== undefined;
}

/** A user as an answer shows it: without the fields the caller's permissions do not show. */
export function shownUser(context: RequestContext, user: User): Record<string, unknown> {
  const hidden = hiddenFields(principalOf(context).permissions, context.services.listUsers.guardedFields);
  return Object.fromEntries(Object.entries(user).filter(([field]) => !hidden.includes(field)));
}

/** Runs a store write, answering a taken id, identifier or email with 409 `conflict`. */
function unique<T>(write: () => T): T {
  try {
    return write();
  } catch (error) {
    if (error instanceof UserConflict) throw conflict('user', error.field, error.value);
    throw error;
  }
}

function now(context: RequestContext): string {
  return new Date(context.now()).toISOString();
}

const itemOf = (op: OperationModel, context: RequestContext): string =>
  op.itemParameter === undefined ? '' : (context.params[op.itemParameter] ?? '');

function stamped(record: Record<string, unknown>, context: RequestContext, created: boolean): void {
  const at = now(context);
  const by = callerOf(context).userId;
  record['updated_at'] = at;
  if (by !== undefined) record['updated_by'] = by;
  if (created) {
    record['created_at'] = at;
    if (by !== undefined) record['created_by'] = by;
  }
}

const create =
  (op: OperationModel): Handler =>
  (context) => {
    const c = usersOf(context);
    const record = written(c, context.body);
    record['id'] = uuidFrom(context.session.resources.random);
    stamped(record, context, true);
    withRequired(c, context, record);
    const user = record as unknown as User;
    const state = context.session.state;
    unique(() => state.createUser(user, passwordOf(context.body) ?? DEFAULT_PASSWORD));
    const headers = op.headers.location
      ? { Location: `${context.url.origin}${context.url.path.replace(/\/+$/, '')}/${user.id}` }
      : {};
    return json(op.status, shownUser(context, user), notice('create', c), headers);
  };

const read =
  (op: OperationModel): Handler =>
  (context) => {
    const slot = visibleSlot(context, itemOf(op, context));
    const user = context.session.state.store.userAt(slot);
    if (user === undefined) throw new Error(`slot ${String(slot)} was found but holds no user`);
    return json(op.status, shownUser(context, user), notice('read', usersOf(context)));
  };

const update =
  (op: OperationModel, how: 'replace' | 'patch'): Handler =>
  (context) => {
    const c = usersOf(context);
    const slot = visibleSlot(context, itemOf(op, context));
    const state = context.session.state;
    const before = state.store.userAt(slot);
    if (before === undefined) throw new Error(`slot ${String(slot)} was found but holds no user`);
    const changes = written(c, context.body);
    let record: Record<string, unknown>;
    if (how === 'patch') {
      const merged = mergePatch(before, changes) as Record<string, unknown>;
      const server = Object.entries(before).filter(([field]) => SERVER_FIELDS.includes(field));
      record = {
        ...Object.fromEntries(Object.entries(merged).filter(([field]) => !SERVER_FIELDS.includes(field))),
        ...Object.fromEntries(server),
      };
    } else {
      record = changes;
      for (const field of KEPT_FIELDS) {
        const value = (before as unknown as Record<string, unknown>)[field];
        if (value !== undefined) record[field] = value;
      }
    }
    stamped(record, context, false);
    withRequired(c, context, record);
    const user = record as unknown as User;
    unique(() => state.updateUser(slot, user, passwordOf(context.body)));
    return json(op.status, shownUser(context, user), notice(how, c));
  };

/** The handler of an operation on the users collection other than its list (the built-in `listUsers`). */
export function userHandler(op: OperationModel): Handler | undefined {
  switch (op.action) {
    case 'create':
      return create(op);
    case 'read':
      return read(op);
    case 'replace':
      return update(op, 'replace');
    case 'patch':
      return update(op, 'patch');
    default:
      return undefined;
  }
}
