// `npm run build:mcp`: src/adapters/mcp/sdk.ts, the parts of the MCP SDK the MCP server uses, as one module with the
// SDK and its own dependencies inside, in place of tsc's (and build:cjs's) re-export of the package: the SDK is a
// build-time dependency only, so installing identity-mock brings neither it nor zod (whose declarations need
// TypeScript 5.4) into a project. The command's bundle (build:bin) takes the SDK from node_modules at build time too.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const entry = `${ROOT}src/adapters/mcp/sdk.ts`;
const common = {
  entryPoints: [entry],
  bundle: true,
  platform: 'node',
  target: 'node20',
  logLevel: 'warning',
};

await build({
  ...common,
  format: 'esm',
  outfile: `${ROOT}dist/adapters/mcp/sdk.js`,
  // The SDK's CommonJS dependencies require Node's modules: give the ES module a `require` of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
});
await build({ ...common, format: 'cjs', outfile: `${ROOT}dist/cjs/adapters/mcp/sdk.js` });
