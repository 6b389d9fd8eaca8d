/**
 * Generates the TypeScript types of `spec/openapi.yaml` (`src/spec/openapi-types.ts`) and `spec/admin.yaml`
 * (`src/spec/admin-types.ts`) with openapi-typescript, so that no schema is ever restated by hand. `npm run gen:types`
 * writes the files; `test/unit/spec-types.test.ts` fails when a committed file is stale.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { format } from 'prettier';

export const SPEC_URL = new URL('../spec/openapi.yaml', import.meta.url);
export const TYPES_URL = new URL('../src/spec/openapi-types.ts', import.meta.url);
export const ADMIN_SPEC_URL = new URL('../spec/admin.yaml', import.meta.url);
export const ADMIN_TYPES_URL = new URL('../src/spec/admin-types.ts', import.meta.url);

/** Each generated file and the document it comes from. */
export const GENERATED: readonly { readonly spec: URL; readonly types: URL }[] = [
  { spec: SPEC_URL, types: TYPES_URL },
  { spec: ADMIN_SPEC_URL, types: ADMIN_TYPES_URL },
];

/** Renders the types of a spec document, formatted as the repository formats TypeScript. */
export async function renderTypes(specUrl: URL = SPEC_URL): Promise<string> {
  const ast = await openapiTS(specUrl, { exportType: true, alphabetize: false });
  const config = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as {
    prettier: Record<string, unknown>;
  };
  const name = specUrl.pathname.split('/').slice(-2).join('/');
  const header = `// Generated from ${name} by \`npm run gen:types\` (openapi-typescript). Do not edit.\n\n`;
  return format(header + astToString(ast), { ...config.prettier, parser: 'typescript' });
}

if (process.argv[1] !== undefined && pathToFileURL(process.argv[1]).href === import.meta.url) {
  for (const { spec, types } of GENERATED) {
    await writeFile(types, await renderTypes(spec));
    console.log(`wrote ${fileURLToPath(types)}`);
  }
}
