// vitest's global setup: one identity-mock for the run on a free port, serving this project's own OpenAPI document
// (what `npx identity-mock --spec openapi.yaml` serves). Each test file gets its own session (useIdentityMock).
import { fileURLToPath } from 'node:url';
import { createSetup } from 'identity-mock/vitest';

export default createSetup({ spec: fileURLToPath(new URL('../openapi.yaml', import.meta.url)) });
