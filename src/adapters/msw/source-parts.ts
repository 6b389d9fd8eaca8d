/**
 * The MSW mock's parts from the sources (tests, `tsx`): documents read from `spec/`, schemas compiled in process with
 * the options the bundle's standalone code is compiled with, the dev key read from `fixtures/`, datasets seeded
 * here. `scripts/build-msw.ts` puts the built-ahead parts in place of this module in the published bundle.
 */
import { readFileSync } from 'node:fs';
import { DEFAULTS } from '../../config.ts';
import { datasetFromRecords } from '../../data/fixtures.ts';
import { KNOWN_ACCOUNTS } from '../../data/known-accounts.ts';
import { seedDataset } from '../../data/seed.ts';
import { ADMIN_SPEC_PATH, API_SPEC_PATH, readSpecDocument } from '../../platform/node/document-file.ts';
import { buildApiModel } from '../../spec/model.ts';
import { DEV_SIGNING_KEY_PATH } from '../../platform/node/signing-keys.ts';
import { partDefaults, type MswParts } from './parts.ts';
import { compileRequestSchemas } from './run-time-schemas.ts';

const api = readSpecDocument(API_SPEC_PATH);
const admin = readSpecDocument(ADMIN_SPEC_PATH);

export const MSW_PARTS: MswParts = {
  documents: { api, admin },
  schemas: compileRequestSchemas([
    { name: 'api', doc: api, model: buildApiModel(api) },
    { name: 'admin', doc: admin, model: buildApiModel(admin) },
  ]),
  signingKeyPem: readFileSync(DEV_SIGNING_KEY_PATH, 'utf8'),
  defaults: partDefaults(DEFAULTS),
  knownAccounts: KNOWN_ACCOUNTS.users,
  defaultDataset: () => seedDataset({ seed: DEFAULTS.seed, users: DEFAULTS.users }),
  seed: (seed, users) => Promise.resolve(seedDataset({ seed, users })),
  fromRecords: (records, source) =>
    datasetFromRecords(records as Parameters<typeof datasetFromRecords>[0], source),
};
