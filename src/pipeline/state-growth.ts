/**
 * What a request may add to its session's state before it runs (docs/sessions.md "Memory"), so that the pipeline can
 * refuse it with 503 `state_memory_full` when the server's state memory has no room: a store's first deletion
 * (its own copy), a dataset to load, or, for any other change, a small reserve (a token, a code, a rule, a journal
 * entry). Reads add nothing that is not already bounded; calls that free state (a reset, dropping a session,
 * clearing the journal or the fault rules) are never refused.
 */
import type { Services } from '../context.ts';
import type { Session } from '../sessions/session.ts';
import { SessionState } from '../sessions/session-state.ts';
import { WRITE_RESERVE_BYTES } from '../sessions/state-memory.ts';
import type { OperationSpec } from '../spec/model.ts';

/** What a request may add, and how the refusal names it. */
export interface Growth {
  readonly bytes: number;
  readonly what: string;
}

/** Operations that only free state, whatever their method. */
const FREEING: ReadonlySet<string> = new Set([
  'reset',
  'clearRequests',
  'clearFaults',
  'deleteFault',
  'dropSession',
]);
/** GET operations that write: `/authorize` issues codes and starts login sessions. */
const WRITING_READS: ReadonlySet<string> = new Set(['authorize']);

/** The growth to make room for before `operation` runs, or undefined when it adds nothing to count. */
export function growthOf(
  operation: OperationSpec,
  method: string,
  session: Session,
  body: unknown,
  services: Services,
): Growth | undefined {
  const { id } = operation;
  if (FREEING.has(id)) return undefined;
  const reads = method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
  if (reads && !WRITING_READS.has(id)) return undefined;
  const users = loadedUsers(id, body, services);
  if (users !== undefined) {
    return { bytes: SessionState.datasetBytes(users), what: `a dataset of ${users} users` };
  }
  const firstWrite = id === 'deleteUser' || id === 'providerState' ? session.state.firstWriteBytes() : 0;
  if (firstWrite > 0)
    return { bytes: firstWrite, what: "the session's first deletion (its own copy of the users)" };
  return { bytes: WRITE_RESERVE_BYTES, what: `${operation.method.toUpperCase()} ${operation.path}` };
}

/** Users of the dataset an operation loads (`POST /seed`, `PUT /fixtures`, `POST /sessions/{id}`), if it loads one. */
function loadedUsers(id: string, body: unknown, services: Services): number | undefined {
  if (id !== 'seed' && id !== 'putFixtures' && id !== 'createSession') return undefined;
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const { users } = fields;
  if (Array.isArray(users)) return users.length;
  if (typeof users === 'number') return users;
  if (id === 'seed' || 'seed' in fields) return services.settings.start.users;
  return undefined;
}
