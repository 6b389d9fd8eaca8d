/**
 * Handlers of the control plane under `/__admin` (spec/admin.yaml; docs/control-plane.md). Requests reach them validated
 * against spec/admin.yaml, so a body is read as its generated type.
 */
import type { AppTokenRequest, MintedToken } from '../auth/app-tokens.ts';
import { datasetFromRecords, FixtureError } from '../data/fixtures.ts';
import type { Dataset } from '../data/dataset.ts';
import { seedDatasetSteps } from '../data/seed.ts';
import { runInSlices } from '../data/steps.ts';
import type { OperationContext, OperationHandler } from '../http/dispatch.ts';
import { ApiError, quote } from '../http/errors.ts';
import type { MockState } from '../mock-state.ts';
import type { components, operations } from '../spec/admin-types.ts';
import { basename } from 'node:path';
import { CONTRACTS_DIR, pactFilesIn, readPact } from '../contracts/pact-files.ts';
import type { ControlPlane } from './control-plane.ts';
import { applyProviderState, type StateTarget } from './provider-states.ts';
import { rateLimit } from './rate-limit.ts';
import type { ConsoleOperation } from '../console/handlers.ts';
import type { SessionRegistry } from '../sessions/registry.ts';
import { FindingStore } from '../drift/finding.ts';
import type { Session } from '../sessions/session.ts';

export interface AdminDeps {
  /** The session of the request: its state and control plane. */
  readonly session: () => { readonly state: MockState; readonly control: ControlPlane };
  readonly sessions: SessionRegistry;
  /** Creates (or replaces) the named session `id`, over the start's data or over `dataset`. */
  newSession(id: string, dataset: Dataset | undefined): Promise<Session>;
  /** Seed and size of the start, the defaults of POST /seed. */
  readonly start: { readonly seed: number; readonly users: number };
  /** Back to the state at start (data, auth state, control plane), the store rebuilt in slices. */
  reset(): Promise<void>;
  mintToken(request: AppTokenRequest): MintedToken;
  /** The console's operations (src/console/). */
  readonly console: Record<ConsoleOperation, OperationHandler>;
}

type Body<K extends keyof operations> = operations[K] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : never;

/** The validated JSON body of an admin operation. */
function body<K extends keyof operations>({ req }: OperationContext, _operation: K): Body<K> {
  return req.body as Body<K>;
}

export function adminHandlers(deps: AdminDeps): Record<keyof operations, OperationHandler> {
  const state = (): MockState => deps.session().state;
  const control = (): ControlPlane => deps.session().control;
  const summary = (): components['schemas']['DataSummary'] => ({
    users: state().store.size,
    workspaces: state().store.workspaces.length,
    clients: state().clients.length,
  });
  const json = (context: OperationContext, status: number, value: unknown): void => {
    context.res.setHeader('X-Message', status === 201 ? 'Created' : 'OK');
    context.res.status(status).json(value);
  };
  const noContent = ({ res }: OperationContext, message: string): void => {
    res.setHeader('X-Message', message);
    res.status(204).end();
  };
  /**
   * Access and ID tokens of the three known accounts, for Pact's `fromProviderState` (docs/control-plane.md names
   * `adminToken`; the ID tokens are spa-client's, docs/login.md).
   */
  const stateTokens = (): Record<
    'adminToken' | 'userToken' | 'clientToken' | 'adminIdToken' | 'userIdToken' | 'clientIdToken',
    string
  > => {
    const admin = deps.mintToken({ user: 'admin@example.com', idToken: {} });
    const user = deps.mintToken({ user: 'user@example.com', idToken: {} });
    const client = deps.mintToken({ user: 'client@example.com', idToken: {} });
    return {
      adminToken: admin.accessToken,
      userToken: user.accessToken,
      clientToken: client.accessToken,
      adminIdToken: admin.idToken ?? '',
      userIdToken: user.idToken ?? '',
      clientIdToken: client.idToken ?? '',
    };
  };
  const figures = (session: Session): components['schemas']['SessionFigures'] => {
    const summary = session.summary();
    return {
      created: new Date(summary.created).toISOString(),
      last_used: new Date(summary.lastUsed).toISOString(),
      users: summary.users,
      requests: summary.requests,
    };
  };
  // The mock forwards nothing, so it finds no drift; `identity-mock proxy` answers these with its own findings.
  const drift = new FindingStore();
  return {
    ...deps.console,
    getDrift: (context) => {
      json(context, 200, drift.listing());
    },
    clearDrift: (context) => {
      drift.clear();
      noContent(context, 'Drift findings cleared');
    },
    listSessions: (context) => {
      json(context, 200, {
        default: figures(deps.sessions.default),
        sessions: deps.sessions.list().map((session) => ({ id: session.id, ...figures(session) })),
        max_sessions: deps.sessions.maxSessions,
        ttl_seconds: Math.round(deps.sessions.ttlMs / 1000),
      });
    },
    createSession: async (context) => {
      const id = context.params.id ?? '';
      const input = (context.req.body ?? {}) as NonNullable<
        operations['createSession']['requestBody']
      >['content']['application/json'];
      let dataset: Dataset | undefined;
      try {
        if ('users' in input && Array.isArray(input.users)) {
          dataset = datasetFromRecords({ ...input, users: input.users }, 'request body');
        } else if (!Array.isArray(input.users) && (input.users !== undefined || 'seed' in input)) {
          const seed = 'seed' in input ? input.seed : undefined;
          const users = input.users ?? deps.start.users;
          dataset = await runInSlices(seedDatasetSteps({ seed: seed ?? deps.start.seed, users }));
        }
      } catch (error) {
        if (error instanceof FixtureError) throw new ApiError(400, 'invalid_fixtures', error.message);
        throw error;
      }
      const session = await deps.newSession(id, dataset);
      json(context, 201, { id, ...figures(session) });
    },
    dropSession: (context) => {
      const id = context.params.id ?? '';
      if (!deps.sessions.drop(id)) throw new ApiError(404, 'session_not_found', `no session ${quote(id)}`);
      noContent(context, 'Session dropped');
    },
    adminHealth: (context) => {
      json(context, 200, {
        status: 'ok',
        users: state().store.size,
        indexes: state().store.search.indexed ? 'ready' : 'building',
      });
    },
    reset: async (context) => {
      await deps.reset();
      json(context, 200, summary());
    },
    // Seeding and loading run in slices (data/steps.ts): the mock keeps answering, on the old data, until done.
    seed: async (context) => {
      const { seed = deps.start.seed, users = deps.start.users } = body(context, 'seed');
      await runInSlices(
        (function* () {
          yield* state().loadSteps(yield* seedDatasetSteps({ seed, users }));
        })(),
      );
      state().auth.clear();
      json(context, 200, summary());
    },
    putFixtures: async (context) => {
      let dataset: Dataset;
      try {
        dataset = datasetFromRecords(body(context, 'putFixtures'), 'request body');
      } catch (error) {
        if (error instanceof FixtureError) throw new ApiError(400, 'invalid_fixtures', error.message);
        throw error;
      }
      await runInSlices(state().loadSteps(dataset));
      state().auth.clear();
      json(context, 200, summary());
    },
    listRequests: (context) => {
      const q = context.query;
      const text = (name: string): string | undefined => (typeof q[name] === 'string' ? q[name] : undefined);
      const status = text('status');
      const limit = text('limit');
      const method = text('method');
      const path = text('path');
      json(
        context,
        200,
        control().journal.list({
          ...(method === undefined ? {} : { method }),
          ...(path === undefined ? {} : { path }),
          ...(status === undefined ? {} : { status: Number(status) }),
          ...(limit === undefined ? {} : { limit: Number(limit) }),
        }),
      );
    },
    clearRequests: (context) => {
      control().journal.clear();
      noContent(context, 'Journal cleared');
    },
    listFaults: (context) => {
      json(context, 200, { faults: control().faults.list() });
    },
    addFault: (context) => {
      json(context, 201, control().faults.add(body(context, 'addFault')));
    },
    clearFaults: (context) => {
      control().faults.clear();
      noContent(context, 'Fault rules removed');
    },
    deleteFault: (context) => {
      const id = context.params.id ?? '';
      if (!control().faults.remove(id))
        throw new ApiError(404, 'fault_not_found', `no fault rule ${quote(id)}`);
      noContent(context, 'Fault rule removed');
    },
    getRateLimit: (context) => {
      const config = control().limiter.config;
      json(
        context,
        200,
        config === undefined
          ? { enabled: false }
          : { enabled: true, limit: config.limit, window: config.window },
      );
    },
    putRateLimit: (context) => {
      const input = body(context, 'putRateLimit');
      if (input.enabled === false) {
        control().limiter.configure(undefined);
        json(context, 200, { enabled: false });
        return;
      }
      // The spec's schema guarantees both fields here; a limit past the safe integers is still refused.
      const config = rateLimit(input.limit, input.window);
      if (config === undefined) {
        throw new ApiError(
          400,
          'invalid_request',
          'give {"limit": N, "window": "60s"} (units s, m, h), or {"enabled": false}',
        );
      }
      control().limiter.configure(config);
      json(context, 200, { enabled: true, limit: config.limit, window: config.window });
    },
    mintToken: (context) => {
      const input = body(context, 'mintToken');
      const minted = deps.mintToken({
        user: input.user,
        ...(input.permissions === undefined ? {} : { permissions: input.permissions }),
        ...(input.expires_in === undefined ? {} : { expiresIn: input.expires_in }),
        ...(input.expires_at === undefined ? {} : { expiresAt: input.expires_at }),
        ...(input.audience === undefined ? {} : { audience: input.audience }),
        ...(input.claims === undefined ? {} : { claims: input.claims }),
        ...(input.id_token === undefined
          ? {}
          : {
              idToken: {
                ...(input.id_token.client_id === undefined ? {} : { clientId: input.id_token.client_id }),
                ...(input.id_token.scope === undefined ? {} : { scope: input.id_token.scope }),
                ...(input.id_token.nonce === undefined ? {} : { nonce: input.id_token.nonce }),
              },
            }),
      });
      json(context, 201, {
        access_token: minted.accessToken,
        token_type: 'Bearer',
        expires_in: minted.expiresIn,
        claims: minted.claims,
        ...(minted.idToken === undefined ? {} : { id_token: minted.idToken }),
      });
    },
    listContracts: (context) => {
      const { req } = context;
      const base = `${req.protocol}://${req.host}${req.baseUrl}/contracts`;
      const contracts = pactFilesIn(CONTRACTS_DIR).map((path) => {
        const pact = readPact(path);
        const file = basename(path);
        return {
          file,
          consumer: pact.consumer.name,
          provider: pact.provider.name,
          interactions: pact.interactions.length,
          url: `${base}/${file}`,
        };
      });
      json(context, 200, { contracts });
    },
    getContract: (context) => {
      const file = context.params.file ?? '';
      const path = pactFilesIn(CONTRACTS_DIR).find((p) => basename(p) === file);
      if (path === undefined)
        throw new ApiError(404, 'contract_not_found', `no contract ${quote(file)} in contracts/`);
      json(context, 200, readPact(path));
    },
    providerState: async (context) => {
      const input = body(context, 'providerState');
      if (input.action === 'teardown') {
        json(context, 200, stateTokens());
        return;
      }
      await deps.reset();
      const target: StateTarget = {
        get dataset() {
          return state().dataset;
        },
        liveUsers: () => {
          const { store } = state();
          return store.users.filter((_, slot) => store.alive[slot] === 1);
        },
        load: (dataset) => {
          state().load(dataset);
        },
        deleteUser: (id) => {
          const slot = state().store.slotOfId(id);
          if (slot === undefined) return false;
          state().store.delete(slot);
          return true;
        },
      };
      const values = applyProviderState(input.state, input.params ?? {}, target);
      json(context, 200, { ...values, ...stateTokens() });
    },
  };
}
