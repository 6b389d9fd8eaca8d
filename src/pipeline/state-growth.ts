/**
 * What a request may add to its session's state before it runs (`sessions/request-growth.ts`, docs/sessions.md
 * "Memory"), so that the pipeline can refuse it with 503 when its session or the server has no room: the
 * resource engine's writes by what they keep (`resources/write-growth.ts`), every other operation by its own estimate.
 */
import type { Services } from '../context.ts';
import { requestGrowth, type Growth } from '../sessions/request-growth.ts';
import type { Session } from '../sessions/session.ts';
import type { OperationModel } from '../resources/resource-model.ts';
import { engineWriteBytes } from '../resources/write-growth.ts';
import type { OperationSpec } from '../spec/model.ts';

export type { Growth };

/** The growth to make room for before `operation` runs, or undefined when it adds nothing to count. */
export function growthOf(
  operation: OperationSpec,
  method: string,
  session: Session,
  body: unknown,
  services: Services,
): Growth | undefined {
  const reads = method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
  const name = `${operation.method.toUpperCase()} ${operation.path}`;
  const inferred = services.resources.operation(operation.id);
  if (inferred !== undefined && inferred.servedBy !== 'built-in' && !reads)
    return inferredGrowth(services, inferred, name, session, body);
  return requestGrowth(
    {
      id: operation.id,
      name,
      reads,
      body,
      startUsers: services.settings.start.users,
    },
    session,
  );
}

/**
 * A write the resource engine serves (docs/own-spec.md): on the users store, what a user's create or update adds
 * (or a deletion's first copy); on an inferred collection, the record it keeps; an action or singleton, nothing.
 */
function inferredGrowth(
  services: Services,
  op: OperationModel,
  name: string,
  session: Session,
  body: unknown,
): Growth | undefined {
  if (op.servedBy === 'example' || op.servedBy === 'singleton') return undefined;
  if (op.collection === 'users') {
    if (op.action === 'create' || op.action === 'replace' || op.action === 'patch')
      return { bytes: session.state.userWriteBytes(), what: `${name} (a user of the store)` };
    const bytes = op.action === 'delete' ? session.state.firstWriteBytes() : 0;
    return bytes > 0
      ? { bytes, what: "the session's first deletion (its own copy of the users)" }
      : undefined;
  }
  const bytes = engineWriteBytes(services.resources.model, op, body);
  return bytes === undefined ? undefined : { bytes, what: `${name} (a ${op.collection ?? 'record'} record)` };
}
