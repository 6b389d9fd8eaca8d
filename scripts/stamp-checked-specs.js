// `npm run build:specs`: checks spec/openapi.yaml and spec/admin.yaml against the OpenAPI meta-schema and records
// their hash in dist/spec/checked-specs.json, so the built package does not check them again at every start.
import { writeFileSync } from 'node:fs';
import { CHECKED_SPECS_URL, checkSpecsForBuild } from '../dist/spec/specs.js';

writeFileSync(CHECKED_SPECS_URL, `${JSON.stringify({ sha256: checkSpecsForBuild() })}\n`);
