/** The admin operations tagged Sessions (docs/sessions.md): list, create (with data of its own) and drop sessions. */
import type { Handler, Services } from '../../context.ts';
import type { Dataset } from '../../data/dataset.ts';
import { notFound, quote } from '../../errors.ts';
import type { Session } from '../../sessions/session.ts';
import { SessionState } from '../../sessions/session-state.ts';
import { EMPTY_SESSION_BYTES } from '../../sessions/state-memory.ts';
import type { components, operations } from '../../spec/admin-types.ts';
import { fixturesOf } from './state.ts';
import { adminJson, done } from './reply.ts';
import type { JsonBody } from '../body-types.ts';

type CreateBody = NonNullable<JsonBody<operations['createSession']>>;

function figures(session: Session): components['schemas']['SessionFigures'] {
  const summary = session.summary();
  return {
    created: new Date(summary.created).toISOString(),
    last_used: new Date(summary.lastUsed).toISOString(),
    users: summary.users,
    requests: summary.requests,
  };
}

export const listSessions: Handler = ({ services }) => {
  const { sessions } = services;
  return adminJson(200, {
    default: figures(sessions.default),
    sessions: sessions.list().map((session) => ({ id: session.id, ...figures(session) })),
    max_sessions: sessions.maxSessions,
    ttl_seconds: Math.round(sessions.ttlMs / 1000),
  });
};

export const createSession: Handler<CreateBody | undefined> = async (context) => {
  const id = context.params.id ?? '';
  const input = context.body ?? {};
  let dataset: Dataset | undefined;
  if ('users' in input && Array.isArray(input.users)) {
    dataset = fixturesOf(context, { ...input, users: input.users });
  } else if (!Array.isArray(input.users) && (input.users !== undefined || 'seed' in input)) {
    const { start } = context.services.settings;
    const seed = 'seed' in input ? input.seed : undefined;
    // Refused before seeding, when a session of that many users would not fit (docs/sessions.md "Memory").
    roomForSession(context.services, id, input.users ?? start.users);
    dataset = await context.services.datasets.seed(seed ?? start.seed, input.users ?? start.users);
  }
  const session = await context.services.newSession(id, dataset);
  return adminJson(201, { id, ...figures(session) });
};

function roomForSession(services: Services, id: string, users: number): void {
  if (!services.sessions.has(id)) services.sessions.makeRoom();
  services.memory.ensureRoom(
    EMPTY_SESSION_BYTES + SessionState.datasetBytes(users),
    `a session of ${users} users`,
    {
      id,
      stateBytes: () => 0,
    },
  );
}

export const dropSession: Handler = ({ services, params }) => {
  const id = params.id ?? '';
  if (!services.sessions.drop(id)) throw notFound('session_not_found', `no session ${quote(id)}`);
  return done('Session dropped');
};
