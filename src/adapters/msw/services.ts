/**
 * The services of one mock where MSW answers (`context.ts`): the same sessions, control plane and token service as
 * on Node, over the given platform (WebCrypto's, `platform/web/`), with datasets from the MSW parts and no files to serve (the API
 * reference and the console need a server).
 */
import { adminSpec, apiSpec } from '../../console/served-spec.ts';
import type { ContractSource, Services, StaticFiles } from '../../context.ts';
import type { RateLimitConfig } from '../../control/rate-limit.ts';
import type { Dataset } from '../../data/dataset.ts';
import { TokenService, type AccessTokenFormat } from '../../oauth/tokens.ts';
import type { JwtKeySet, Platform } from '../../platform/platform.ts';
import { SessionState } from '../../sessions/session-state.ts';
import type { ApiModel } from '../../spec/model.ts';
import type { SpecDocument } from '../../spec/document.ts';
import { readListUsersSpec } from '../../users/query.ts';
import { sessionServices } from '../../sessions/session-services.ts';
import type { MswParts } from './parts.ts';

/** The resolved settings the services are built from. */
export interface MswSettings {
  readonly seed: number;
  readonly users: number;
  readonly queryCache: number;
  readonly rateLimit: RateLimitConfig | undefined;
  readonly maxSessions: number;
  readonly sessionTtlMs: number;
  readonly maxStateMemory: number;
  readonly issuer: string;
  readonly issuerPinned: boolean;
  readonly issuerPort: number;
  readonly accessTokenFormat: AccessTokenFormat;
  readonly audience: string;
  readonly claimsNamespace: string;
  readonly tokenTtl: number;
  readonly appTokenClientId: string;
  readonly admin: boolean;
  readonly now: () => number;
}

const NO_FILES: StaticFiles = { read: () => Promise.resolve(undefined) };
const NO_CONTRACTS: ContractSource = { list: () => [], read: () => undefined };

export function mswServices(
  s: MswSettings,
  platform: Platform,
  parts: MswParts,
  models: { readonly api: ApiModel; readonly admin: ApiModel },
  documents: { readonly api: SpecDocument; readonly admin: SpecDocument },
  keys: JwtKeySet,
  dataset: Dataset,
  knownAccounts: Services['knownAccounts'],
): Services {
  const listUsers = readListUsersSpec(models.api);
  const state = SessionState.of(dataset, { spec: listUsers, cacheSize: s.queryCache, platform });
  const sessionParts = sessionServices(state, s, platform.hashing);
  const tokens = new TokenService(
    keys,
    {
      issuer: s.issuer,
      pinned: s.issuerPinned,
      port: s.issuerPort,
      audience: s.audience,
      claimsNamespace: s.claimsNamespace,
      ttlSeconds: s.tokenTtl,
      accessTokenFormat: s.accessTokenFormat,
    },
    platform,
  );
  return {
    api: models.api,
    admin: models.admin,
    listUsers,
    tokens,
    platform,
    ...sessionParts,
    settings: {
      audience: s.audience,
      appTokenClientId: s.appTokenClientId,
      start: { seed: s.seed, users: s.users },
      admin: s.admin,
      separateAuthServer: false,
    },
    knownAccounts,
    datasets: {
      seed: (seed, users) => parts.seed(seed, users),
      fromRecords: (records, source) => parts.fromRecords(records, source),
    },
    files: NO_FILES,
    contracts: NO_CONTRACTS,
    documents: { api: apiSpec(documents.api, (base) => base), admin: adminSpec(documents.admin) },
    clock: s.now,
  };
}
