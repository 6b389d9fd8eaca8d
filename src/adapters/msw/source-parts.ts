/**
 * The MSW mock's parts from the sources (tests, `tsx`): documents read from `spec/`, schemas compiled in process with
 * the options the bundle's standalone code is compiled with, the dev key read from `fixtures/`, datasets seeded
 * here. `scripts/build-msw.ts` puts the built-ahead parts in place of this module in the published bundle.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { DEFAULTS } from '../../config.ts';
import { datasetFromRecords } from '../../data/fixtures.ts';
import { KNOWN_ACCOUNTS } from '../../data/known-accounts.ts';
import { seedDataset } from '../../data/seed.ts';
import { ADMIN_SPEC_PATH, API_SPEC_PATH, readSpecDocument } from '../../platform/node/document-file.ts';
import { buildApiModel } from '../../spec/model.ts';
import { DEV_SIGNING_KEY_PATH } from '../../platform/node/signing-keys.ts';
import type { CompiledSchema } from './compiled-validator.ts';
import { partDefaults, type MswParts } from './parts.ts';
import { REQUEST_FORMATS } from './request-formats.ts';
import { AJV_OPTIONS, DOCUMENT_IDS, requestSchemas } from './request-schemas.ts';

const api = readSpecDocument(API_SPEC_PATH);
const admin = readSpecDocument(ADMIN_SPEC_PATH);

/** Both documents' request schemas in one ajv, compiled on first use. */
function compile(): (key: string) => CompiledSchema | undefined {
  const ajv = new Ajv2020({ ...AJV_OPTIONS, coerceTypes: true, formats: REQUEST_FORMATS });
  const bodies = new Ajv2020({ ...AJV_OPTIONS, coerceTypes: false, formats: REQUEST_FORMATS });
  for (const one of [ajv, bodies]) {
    one.addSchema({ ...structuredClone(api), $id: DOCUMENT_IDS.api });
    one.addSchema({ ...structuredClone(admin), $id: DOCUMENT_IDS.admin });
  }
  const schemas = new Map([
    ...requestSchemas('api', buildApiModel(api)),
    ...requestSchemas('admin', buildApiModel(admin)),
  ]);
  const compiled = new Map<string, CompiledSchema>();
  return (key) => {
    const schema = schemas.get(key);
    if (schema === undefined) return undefined;
    let found = compiled.get(key);
    if (found === undefined) {
      // Parameters arrive as text and are coerced; a body is checked as sent (express-openapi-validator's split).
      found = (key.split(' ').length > 2 ? bodies : ajv).compile(schema) as CompiledSchema;
      compiled.set(key, found);
    }
    return found;
  };
}

export const MSW_PARTS: MswParts = {
  documents: { api, admin },
  schemas: compile(),
  signingKeyPem: readFileSync(DEV_SIGNING_KEY_PATH, 'utf8'),
  defaults: partDefaults(DEFAULTS),
  knownAccounts: KNOWN_ACCOUNTS.users,
  defaultDataset: () => seedDataset({ seed: DEFAULTS.seed, users: DEFAULTS.users }),
  seed: (seed, users) => Promise.resolve(seedDataset({ seed, users })),
  fromRecords: (records, source) =>
    datasetFromRecords(records as Parameters<typeof datasetFromRecords>[0], source),
};
