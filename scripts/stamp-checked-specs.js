// `npm run build:specs`: checks spec/openapi.yaml and spec/admin.yaml against the OpenAPI meta-schema and records
// their hashes in dist/adapters/express/checked-specs.json, so the built package does not check them again at every start.
import { writeFileSync } from 'node:fs';
import { CHECKED_SPECS_URL, documentHash, loadSpecs, specsReady } from '../dist/adapters/express/specs.js';

const specs = loadSpecs();
await specsReady(specs);
const sha256 = [specs.api.doc, specs.admin.doc].map(documentHash);
writeFileSync(CHECKED_SPECS_URL, `${JSON.stringify({ sha256 })}\n`);
