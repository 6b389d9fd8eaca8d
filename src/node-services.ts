/**
 * The Node host of `composeMock` (compose.ts): Node's platform, the documents read from `spec/` and validated by
 * express-openapi-validator, the start's data (a fixtures file, seeded, or kept from the previous mock of the
 * process), and the Node sources of datasets, files and contracts.
 */
import { basename } from 'node:path';
import type { Logger } from './adapters/express/log.ts';
import { hostDocument, type Specs } from './adapters/express/specs.ts';
import type { MockHost } from './compose.ts';
import type { Config } from './config.ts';
import type { ContractSource, DatasetSource } from './context.ts';
import { CONTRACTS_DIR, pactFilesIn, readPact } from './adapters/pact/pact-files.ts';
import type { Dataset } from './data/dataset.ts';
import { collectionFixturesSync, datasetFromRecords, loadFixturesSync } from './data/fixtures.ts';
import { servedResources } from './resources/served.ts';
import { KNOWN_ACCOUNTS } from './data/known-accounts.ts';
import { loadFaker } from './data/faker.ts';
import { prebuiltDataset } from './data/prebuilt-dataset.ts';
import { seedDatasetSteps } from './data/seed.ts';
import { runInSlices, type Steps } from './data/sliced-work.ts';
import { NODE_PLATFORM } from './platform/node/node-platform.ts';
import type { NodeKeySet } from './platform/node/signing-keys.ts';
import { NodeStaticFiles } from './platform/node/static-files.ts';
import type { Platform } from './platform/platform.ts';
import type { ResolvedOptions } from './resolve-options.ts';
import type { UserBase } from './users/base.ts';

/** What a Node host is made of besides the resolved options. */
export interface NodeHostInputs {
  readonly specs: Specs;
  readonly keys: NodeKeySet;
  /** Where the authorization server answers (the default issuer, and its port). */
  readonly authUrl: URL;
  readonly logger: Logger;
  /** Randomness and hashing (Node's by default; a test may make randomness repeatable). */
  readonly platform?: Platform | undefined;
}

/** Seeded starts of at most this many users are kept for the next mock of the process (`keptStart`). */
const KEPT_START_USERS = 20_000;
/** The last small seeded start per API model: its dataset and store base, both immutable. */
const KEPT_STARTS = new WeakMap<object, { key: string; dataset: Dataset; base: UserBase }>();

/**
 * The start's data on Node: the dataset given, the fixtures named or passed, or seeded (prebuilt at the defaults).
 * A test runner that starts a mock per file seeds and builds the default data once: the previous small seeded
 * start of this process with the same documents, seed and size is kept (dataset and base are never written; each
 * mock still gets its own sessions, stores and authorization state over them).
 */
function* nodeStart(
  o: ResolvedOptions,
  model: object,
  collections: readonly string[],
): Steps<{ dataset: Dataset; base?: UserBase }> {
  const given =
    o.dataset ??
    (typeof o.fixtures === 'string'
      ? loadFixturesSync(o.fixtures, collections)
      : o.fixtures === undefined
        ? undefined
        : datasetFromRecords(o.fixtures, 'the fixtures option'));
  if (given !== undefined) return { dataset: given };
  const key = `${String(o.seed)}:${String(o.users)}`;
  const kept = KEPT_STARTS.get(model);
  if (kept?.key === key) return kept;
  const seeding = { seed: o.seed, users: o.users };
  return { dataset: prebuiltDataset(seeding) ?? (yield* seedDatasetSteps(seeding)) };
}

/** The Node host of `composeMock`: Node's platform and files, the documents read from `spec/`, contracts. */
export function nodeHost(o: ResolvedOptions, i: NodeHostInputs): MockHost {
  const { model } = i.specs.api;
  const collections = servedResources(i.specs.api.doc, model).model.collections.map((c) => c.name);
  return {
    platform: i.platform ?? NODE_PLATFORM,
    keys: i.keys,
    documents: { api: hostDocument(i.specs.api), admin: hostDocument(i.specs.admin) },
    start: nodeStart(o, model, collections),
    collectionFixtures: (names) =>
      typeof o.fixtures === 'string' ? collectionFixturesSync(o.fixtures, names) : undefined,
    keep: (dataset, base) => {
      if (o.dataset === undefined && o.fixtures === undefined && o.users <= KEPT_START_USERS)
        KEPT_STARTS.set(model, { key: `${String(o.seed)}:${String(o.users)}`, dataset, base });
    },
    datasets: NODE_DATASETS,
    files: new NodeStaticFiles(),
    contracts: NODE_CONTRACTS,
    knownAccounts: KNOWN_ACCOUNTS.users,
    authUrl: i.authUrl,
    adminHosts: adminHostsOf(o),
    onError: (error, request) => {
      i.logger.error({ err: error, method: request.method }, 'internal error');
    },
  };
}

/**
 * Host names `/__admin` answers to besides loopback ones (docs/control-plane.md): the `--host` address (unless a
 * wildcard), the issuer's host and every `--allowed-host`.
 */
function adminHostsOf(o: Pick<Config, 'host' | 'issuer' | 'allowedHosts'>): string[] {
  const hosts = [...o.allowedHosts];
  if (o.host !== '0.0.0.0' && o.host !== '::' && o.host !== '')
    hosts.push(o.host.replace(/^\[(.*)\]$/, '$1'));
  if (o.issuer !== undefined) {
    try {
      hosts.push(new URL(o.issuer).hostname.replace(/^\[(.*)\]$/, '$1'));
    } catch {
      // An issuer that is not a URL names no host.
    }
  }
  return hosts;
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
