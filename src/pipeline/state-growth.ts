/**
 * What a request may add to its session's state before it runs (`sessions/request-growth.ts`, docs/sessions.md
 * "Memory"), so that the pipeline can refuse it with 503 when its session or the server has no room.
 */
import type { Services } from '../context.ts';
import { requestGrowth, type Growth } from '../sessions/request-growth.ts';
import type { Session } from '../sessions/session.ts';
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
  return requestGrowth(
    {
      id: operation.id,
      name: `${operation.method.toUpperCase()} ${operation.path}`,
      reads,
      body,
      startUsers: services.settings.start.users,
    },
    session,
  );
}
