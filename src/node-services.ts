/**
 * The services of one mock on Node (`context.ts`): the key set read once, the token service, the sessions over the
 * start's data, and the Node sources of datasets, files and contracts. Built in steps (`data/sliced-work.ts`) so that a
 * large dataset is seeded and indexed in slices.
 */
import { basename } from 'node:path';
import type { ContractSource, DatasetSource, Services } from './context.ts';
import { apiSpec, adminSpec } from './console/served-spec.ts';
import { CONTRACTS_DIR, pactFilesIn, readPact } from './contracts/pact-files.ts';
import type { RateLimitConfig } from './control/rate-limit.ts';
import type { Dataset } from './data/dataset.ts';
import { datasetFromRecords } from './data/fixtures.ts';
import { KNOWN_ACCOUNTS } from './data/known-accounts.ts';
import { loadFaker } from './data/faker.ts';
import { prebuiltDataset } from './data/prebuilt-dataset.ts';
import { seedDatasetSteps } from './data/seed.ts';
import { runInSlices, type Steps } from './data/sliced-work.ts';
import { TokenService, type AccessTokenFormat } from './oauth/tokens.ts';
import { NODE_PLATFORM } from './platform/node/node-platform.ts';
import type { Platform } from './platform/platform.ts';
import type { NodeKeySet } from './platform/node/signing-keys.ts';
import { NodeStaticFiles } from './platform/node/static-files.ts';
import { SessionState } from './sessions/session-state.ts';
import type { UserBase } from './users/base.ts';
import type { Specs } from './adapters/express/specs.ts';
import { readListUsersSpec } from './users/query.ts';
import { sessionServices } from './sessions/session-services.ts';

/** What the services are made of: resolved options, the documents, the key set, and the start's data. */
export interface ServiceInputs {
  readonly specs: Specs;
  readonly keys: NodeKeySet;
  readonly dataset: Dataset | undefined;
  readonly seed: number;
  readonly users: number;
  readonly queryCache: number;
  readonly rateLimit: RateLimitConfig | undefined;
  readonly maxSessions: number;
  readonly sessionTtlMs: number;
  /** Bytes the sessions' own state may hold in all (`--max-state-memory`). */
  readonly maxStateMemory: number;
  /** Bytes one named session may hold (`--max-session-memory`); undefined: 1/8 of `maxStateMemory`. */
  readonly maxSessionMemory?: number | undefined;
  /** The issuer: the pinned one (`issuerPinned`), or the default one at `localhost`. */
  readonly issuer: string;
  readonly issuerPinned: boolean;
  /** `--host` and `--allowed-host`: their issuers at `issuerPort` are always accepted. */
  readonly host?: string | undefined;
  readonly allowedHosts?: readonly string[] | undefined;
  /** The authorization server's port (`localhost` and `127.0.0.1` there are always accepted issuers). */
  readonly issuerPort: number;
  readonly accessTokenFormat: AccessTokenFormat;
  readonly audience: string;
  readonly claimsNamespace: string;
  readonly tokenTtl: number;
  readonly appTokenClientId: string;
  readonly admin: boolean;
  readonly separateAuthServer: boolean;
  readonly now: () => number;
  /** Randomness and hashing (Node's by default; a test may make randomness repeatable). */
  readonly platform?: Platform | undefined;
}

/** Seeded starts of at most this many users are kept for the next mock of the process (`keptStart`). */
const KEPT_START_USERS = 20_000;
/** The last small seeded start per API model: its dataset and store base, both immutable. */
const KEPT_STARTS = new WeakMap<object, { key: string; dataset: Dataset; base: UserBase }>();

/**
 * The dataset and store base of the previous mock of this process with the same documents, seed and size: a test
 * runner that starts a mock per file seeds and builds the default data once (both are never written; each mock
 * still gets its own sessions, stores and authorization state over them).
 */
function keptStart(
  model: object,
  seed: number,
  users: number,
): { dataset: Dataset; base: UserBase } | undefined {
  const kept = KEPT_STARTS.get(model);
  return kept?.key === `${String(seed)}:${String(users)}` ? kept : undefined;
}

function keepStart(model: object, seed: number, users: number, dataset: Dataset, base: UserBase): void {
  if (users <= KEPT_START_USERS)
    KEPT_STARTS.set(model, { key: `${String(seed)}:${String(users)}`, dataset, base });
}

/** The services of a mock; the default session's data is built in steps. */
export function* nodeServicesSteps(i: ServiceInputs): Steps<Services> {
  const platform = i.platform ?? NODE_PLATFORM;
  const { model } = i.specs.api;
  const listUsers = readListUsersSpec(model);
  const settings = { spec: listUsers, cacheSize: i.queryCache, platform };
  const kept = i.dataset === undefined ? keptStart(model, i.seed, i.users) : undefined;
  const seeding = { seed: i.seed, users: i.users };
  const dataset =
    i.dataset ?? kept?.dataset ?? prebuiltDataset(seeding) ?? (yield* seedDatasetSteps(seeding));
  const state = yield* SessionState.build(dataset, settings, kept?.base);
  if (i.dataset === undefined) keepStart(model, i.seed, i.users, dataset, state.initialBase);
  const sessionParts = sessionServices(state, i, platform.hashing);
  const tokens = new TokenService(
    i.keys,
    {
      issuer: i.issuer,
      pinned: i.issuerPinned,
      port: i.issuerPort,
      hosts: [...(i.host === undefined ? [] : [i.host]), ...(i.allowedHosts ?? [])],
      audience: i.audience,
      claimsNamespace: i.claimsNamespace,
      ttlSeconds: i.tokenTtl,
      accessTokenFormat: i.accessTokenFormat,
    },
    platform,
  );
  return {
    api: model,
    admin: i.specs.admin.model,
    listUsers,
    tokens,
    platform,
    ...sessionParts,
    settings: {
      audience: i.audience,
      appTokenClientId: i.appTokenClientId,
      start: { seed: i.seed, users: i.users },
      admin: i.admin,
      separateAuthServer: i.separateAuthServer,
    },
    knownAccounts: KNOWN_ACCOUNTS.users,
    datasets: NODE_DATASETS,
    files: new NodeStaticFiles(),
    contracts: NODE_CONTRACTS,
    documents: {
      // The authorization server's operations name their own server: this one unless it has a listener of its own.
      api: apiSpec(i.specs.api.doc, (base) => (i.separateAuthServer ? i.issuer.replace(/\/$/, '') : base)),
      admin: adminSpec(i.specs.admin.doc),
    },
    clock: i.now,
  };
}

const NODE_DATASETS: DatasetSource = {
  seed: async (seed, users) => {
    await loadFaker();
    return runInSlices(seedDatasetSteps({ seed, users }));
  },
  fromRecords: (records, source) =>
    datasetFromRecords(records as Parameters<typeof datasetFromRecords>[0], source),
};

const NODE_CONTRACTS: ContractSource = {
  list: () =>
    pactFilesIn(CONTRACTS_DIR).map((path) => {
      const pact = readPact(path);
      return {
        file: basename(path),
        consumer: pact.consumer.name,
        provider: pact.provider.name,
        interactions: pact.interactions.length,
      };
    }),
  read: (file) => {
    const path = pactFilesIn(CONTRACTS_DIR).find((p) => basename(p) === file);
    return path === undefined ? undefined : readPact(path);
  },
};
