// `npm run build:specs`: checks spec/openapi.yaml and spec/admin.yaml against the OpenAPI meta-schema and records
// their hashes in dist/adapters/express/checked-specs.json, so the built package does not check them again at every
// start; and records each parsed, under a hash of its YAML text, in dist/spec/parsed-specs.json, so a start reads
// JSON instead of parsing YAML.
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { CHECKED_SPECS_URL, documentHash, loadSpecs, specsReady } from '../dist/adapters/express/specs.js';
import { ADMIN_SPEC_PATH, API_SPEC_PATH, PARSED_SPECS_URL, yamlHash } from '../dist/spec/document-file.js';

const specs = loadSpecs();
await specsReady(specs);
const sha256 = [specs.api.doc, specs.admin.doc].map(documentHash);
writeFileSync(CHECKED_SPECS_URL, `${JSON.stringify({ sha256 })}\n`);
const parsed = Object.fromEntries(
  [
    [API_SPEC_PATH, specs.api.doc],
    [ADMIN_SPEC_PATH, specs.admin.doc],
  ].map(([url, doc]) => [basename(url.pathname), { sha256: yamlHash(readFileSync(url, 'utf8')), doc }]),
);
writeFileSync(PARSED_SPECS_URL, `${JSON.stringify(parsed)}\n`);
