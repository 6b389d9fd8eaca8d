/**
 * The operation table of a served document (docs/own-spec.md): each operation of the resource model to its
 * handler — a built-in one by `operationId` or `x-mock-handler`, the users store for the users collection, the
 * engine's collection handlers, or an answer from the document (an action's example, a singleton, the caller).
 */
import type { Handler } from '../../context.ts';
import type { OperationModel, ResourceModel } from '../../resources/resource-model.ts';
import { collectionHandler } from './collection-handlers.ts';
import { callerHandler, exampleHandler } from './document-answers.ts';
import { isUsersStore, userHandler } from './user-handlers.ts';

type Table = Readonly<Record<string, Handler<never>>>;

function handlerOf(op: OperationModel, builtIns: Table, model: ResourceModel): Handler<never> {
  if (op.handler !== undefined) {
    const builtIn = builtIns[op.handler];
    if (builtIn === undefined) throw new Error(`no built-in handler ${op.handler}`);
    return builtIn;
  }
  if (isUsersStore(op, model)) {
    // The users collection is the store `GET /users` queries: its list and delete are the built-in ones.
    const builtIn =
      op.action === 'list'
        ? builtIns['listUsers']
        : op.action === 'delete'
          ? builtIns['deleteUser']
          : undefined;
    const handler = builtIn ?? userHandler(op);
    if (handler !== undefined) return handler;
  }
  if (op.servedBy === 'collection' || op.servedBy === 'item') return collectionHandler(op);
  if (op.answersCaller && op.secured) return callerHandler(op);
  return exampleHandler(op);
}

/** Every operation of `model` to its handler, by operation id. */
export function servedTable(model: ResourceModel, builtIns: Table): Table {
  const table: Record<string, Handler<never>> = {};
  for (const op of model.operations) table[op.operationId] = handlerOf(op, builtIns, model);
  return table;
}
