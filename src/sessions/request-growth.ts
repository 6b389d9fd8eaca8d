/**
 * What a request may add to its session's state before it runs (docs/sessions.md "Memory"), so that the pipeline can
 * refuse it with 503 (`session_memory_full`, `state_memory_full`) when there is no room: the store's first deletion
 * (its own copy), a dataset to load, a refresh token, a code and login session, a rule as long as its body. A request
 * that stores nothing (a read, a grant without `offline_access`, a refresh that replaces its token, a code redeemed,
 * a mint, a clock move) asks for no room and is never refused for memory; calls that free state never are either.
 */
import { hasScope } from '../oauth/scope.ts';
import { CODE_BYTES, LOGIN_BYTES, REFRESH_TOKEN_BYTES, SessionState } from './session-state.ts';
import type { Session } from './session.ts';

/** What a request may add, and how the refusal names it. */
export interface Growth {
  readonly bytes: number;
  readonly what: string;
}

/** What a write of an operation this table does not know (a document's own, `--spec`) may add. */
export const UNKNOWN_WRITE_BYTES = 16 * 1024;

/** The request as the estimate reads it. */
export interface GrowingRequest {
  readonly id: string;
  /** `GET /users/{id}`: the operation as the refusal names it. */
  readonly name: string;
  readonly reads: boolean;
  readonly body: unknown;
  /** Users a dataset of the server's start holds (what `POST /__admin/seed` without `users` loads). */
  readonly startUsers: number;
}

type Estimate = (r: GrowingRequest, session: Session) => Growth | undefined;

const NOTHING: Estimate = () => undefined;

function fieldsOf(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
}

/** A rule kept as its JSON (`control/faults.ts` counts 1 KiB and four bytes a character). */
const rule =
  (what: string): Estimate =>
  (r) => ({ bytes: 1024 + 4 * JSON.stringify(r.body ?? null).length, what });

const firstWrite: Estimate = (_r, session) => {
  const bytes = session.state.firstWriteBytes();
  return bytes > 0 ? { bytes, what: "the session's first deletion (its own copy of the users)" } : undefined;
};

const dataset: Estimate = (r) => {
  const fields = fieldsOf(r.body);
  const { users } = fields;
  let count: number | undefined;
  if (Array.isArray(users)) count = users.length;
  else if (typeof users === 'number') count = users;
  else if (r.id === 'seed' || 'seed' in fields) count = r.startUsers;
  if (count === undefined) return undefined;
  return { bytes: SessionState.datasetBytes(count), what: `a dataset of ${count} users` };
};

/** A password grant with `offline_access` keeps a refresh token; every other grant keeps nothing new. */
const grant: Estimate = (r) => {
  const fields = fieldsOf(r.body);
  const scope = typeof fields['scope'] === 'string' ? fields['scope'] : undefined;
  if (fields['grant_type'] !== 'password' || !hasScope(scope, 'offline_access')) return undefined;
  return { bytes: REFRESH_TOKEN_BYTES, what: 'a refresh token (scope offline_access)' };
};

const loginStep: Estimate = () => ({ bytes: CODE_BYTES + LOGIN_BYTES, what: 'a login session and its code' });

/** Operations whose growth is known exactly; a read not listed adds nothing, a write not listed a small reserve. */
const GROWTH: Readonly<Record<string, Estimate>> = {
  // Calls that free state, or store nothing of the session's own.
  reset: NOTHING,
  clearRequests: NOTHING,
  clearFaults: NOTHING,
  deleteFault: NOTHING,
  clearClaimRules: NOTHING,
  deleteClaimRule: NOTHING,
  dropSession: NOTHING,
  clearDrift: NOTHING,
  revokeToken: NOTHING,
  introspectToken: NOTHING,
  postUserinfo: NOTHING,
  logout: NOTHING,
  endSession: NOTHING,
  mintToken: NOTHING,
  setClock: NOTHING,
  resetClock: NOTHING,
  putRateLimit: NOTHING,
  // The key set is the server's, bounded by its own rule (docs/tokens.md "Signing keys"), not a session's state.
  addKey: NOTHING,
  retireKey: NOTHING,
  issueToken: grant,
  authorize: loginStep,
  submitLogin: loginStep,
  deleteUser: firstWrite,
  providerState: firstWrite,
  addFault: rule('a fault rule'),
  addClaimRule: rule('a claim rule'),
  seed: dataset,
  putFixtures: dataset,
  // `newSession` makes room for the new session itself (not the session the request runs in).
  createSession: NOTHING,
};

/** The growth to make room for before the request runs, or undefined when it adds nothing to count. */
export function requestGrowth(r: GrowingRequest, session: Session): Growth | undefined {
  const estimate = GROWTH[r.id];
  if (estimate !== undefined) return estimate(r, session);
  if (r.reads) return undefined;
  return { bytes: UNKNOWN_WRITE_BYTES, what: r.name };
}
