/**
 * What the MSW mock is made of besides the engine: the two documents, their request schemas compiled, the signing
 * key, and the datasets. From the sources they are read and compiled in process (`source-parts.ts`); the published
 * bundle carries them built ahead (`scripts/build-msw.ts`): documents as JSON, schemas as ajv's standalone code,
 * the default dataset as JSON, and faker in a chunk of its own, loaded only for another seed or size.
 */
import type { Dataset } from '../../data/dataset.ts';
import type { SpecDocument } from '../../spec/document.ts';
import type { User } from '../../spec/types.ts';
import type { CompiledSchemas } from './compiled-validator.ts';

export interface MswParts {
  readonly documents: { readonly api: SpecDocument; readonly admin: SpecDocument };
  /** The compiled schemas of `request-schemas.ts`, by key. */
  readonly schemas: CompiledSchemas;
  /** The committed dev key (PKCS#8 PEM): the same key as the server's default. */
  readonly signingKeyPem: string;
  /** The command line's defaults that the MSW mock shares (seed and size: those of `defaultDataset`). */
  readonly defaults: PartDefaults;
  /** The known accounts of docs/tokens.md. */
  readonly knownAccounts: readonly User[];
  /** The dataset of `defaults`, ready to serve. */
  defaultDataset(): Dataset;
  /** Seeds another dataset (the bundle loads faker for it on first use). */
  seed(seed: number, users: number): Promise<Dataset>;
  /** A dataset from fixture records (`PUT /__admin/fixtures`); throws FixtureError naming each problem. */
  fromRecords(records: unknown, source: string): Dataset;
}

export interface PartDefaults {
  readonly seed: number;
  readonly users: number;
  readonly audience: string;
  readonly claimsNamespace: string;
  readonly tokenTtl: number;
  readonly accessTokenFormat: 'jwt' | 'at+jwt';
  readonly queryCache: number;
  readonly maxSessions: number;
  /** Seconds. */
  readonly sessionTtl: number;
  readonly maxStateMemory: number;
  readonly port: number;
}

/** The defaults the MSW mock shares with the command line, picked from its `DEFAULTS`. */
export function partDefaults(all: PartDefaults): PartDefaults {
  const { seed, users, audience, claimsNamespace, tokenTtl, accessTokenFormat } = all;
  const { queryCache, maxSessions, sessionTtl, maxStateMemory, port } = all;
  return {
    ...{ seed, users, audience, claimsNamespace, tokenTtl, accessTokenFormat },
    ...{ queryCache, maxSessions, sessionTtl, maxStateMemory, port },
  };
}
