// `npm run build:checked`: checks what the built package would otherwise check at every start, and records it
// (src/data/checked-by-build.ts says how a start uses the records):
// - spec/openapi.yaml and spec/admin.yaml against the OpenAPI meta-schema: their hashes in
//   dist/adapters/express/checked-specs.json; and each parsed, under a hash of its YAML text, in
//   dist/platform/node/parsed-specs.json, so a start reads JSON instead of parsing YAML;
// - fixtures/known-accounts.json against the User schema: its hash in dist/data/checked-fixtures.json.
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { CHECKED_SPECS_URL, loadSpecs } from '../dist/adapters/express/specs.js';
import { contentHash } from '../dist/data/checked-by-build.js';
import { CHECKED_FIXTURES_URL, KNOWN_ACCOUNTS_URL, loadKnownAccounts } from '../dist/data/known-accounts.js';
import {
  ADMIN_SPEC_PATH,
  API_SPEC_PATH,
  PARSED_SPECS_URL,
  yamlHash,
} from '../dist/platform/node/document-file.js';

const specs = loadSpecs();
// Both, whatever an earlier build recorded.
await Promise.all([specs.api.ready(), specs.admin.ready()]);
const sha256 = [specs.api.doc, specs.admin.doc].map(contentHash);
writeFileSync(CHECKED_SPECS_URL, `${JSON.stringify({ sha256 })}\n`);
const parsed = Object.fromEntries(
  [
    [API_SPEC_PATH, specs.api.doc],
    [ADMIN_SPEC_PATH, specs.admin.doc],
  ].map(([url, doc]) => [basename(url.pathname), { sha256: yamlHash(readFileSync(url, 'utf8')), doc }]),
);
writeFileSync(PARSED_SPECS_URL, `${JSON.stringify(parsed)}\n`);

// Checked in full (no record passed), then recorded.
loadKnownAccounts(KNOWN_ACCOUNTS_URL);
const knownAccounts = JSON.parse(readFileSync(KNOWN_ACCOUNTS_URL, 'utf8'));
writeFileSync(CHECKED_FIXTURES_URL, `${JSON.stringify({ sha256: [contentHash(knownAccounts)] })}\n`);
