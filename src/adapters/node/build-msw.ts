/**
 * `identity-mock build-msw --spec FILE [--out DIR]` (docs/msw.md "Serving your own document"): reads the document,
 * checks it as a start does (it parses, is valid OpenAPI, and the engine can serve it), and writes the module
 * `compiled-spec-module.ts` makes of it, `identity-mock-spec.js`, with a declaration file beside it. Every refusal
 * is a ConfigError (exit 2) naming the file, and where it does not parse its line and column.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../../config.ts';
import { servedResources } from '../../resources/served.ts';
import { readDocumentFile } from '../../platform/node/document-file.ts';
import { loadSpec } from '../express/specs.ts';
import { COMPILED_SPEC_TYPES, compiledSpecModule } from '../msw/compiled-spec-module.ts';

/** The module's name in `--out`. */
export const COMPILED_SPEC_FILE = 'identity-mock-spec.js';

/** Writes the compiled document of `path` into `out`; returns the module's path and how many operations it has. */
export async function writeCompiledSpec(
  path: string,
  out: string,
): Promise<{ readonly file: string; readonly operations: number }> {
  const { doc, name } = refused(() => readDocumentFile(path));
  const loaded = refused(() => loadSpec(doc, name));
  await loaded.ready().catch((error: unknown) => {
    throw new ConfigError(messageOf(error), { cause: error });
  });
  const { errors } = servedResources(doc, loaded.model);
  if (errors.length > 0) throw new ConfigError(`${name} cannot be served: ${errors.join('; ')}`);
  const { code, operations } = compiledSpecModule(doc, loaded.model, name);
  const file = join(out, COMPILED_SPEC_FILE);
  refused(() => {
    mkdirSync(out, { recursive: true });
    writeFileSync(file, code);
    writeFileSync(file.replace(/\.js$/, '.d.ts'), COMPILED_SPEC_TYPES);
  });
  return { file, operations };
}

/** What `work` returns; what it throws, as a ConfigError with its message. */
function refused<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw new ConfigError(messageOf(error), { cause: error });
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
