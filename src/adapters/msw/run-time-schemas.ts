/**
 * The request schemas of `request-schemas.ts` compiled in process, each on first use: from the sources (tests,
 * `tsx`) for both documents, and in a page for a document given to `createHandlers({ spec })` at run time. Ajv's
 * compile builds each validator with `new Function`, which a page's strict Content-Security-Policy forbids: there,
 * `identity-mock build-msw` compiles the document ahead (`compiled-spec.ts`).
 */
import type { CompiledSchema, CompiledSchemas } from './compiled-validator.ts';
import { requestAjv, type RequestDocument } from './request-ajv.ts';
import { requestSchemaSets } from './request-schemas.ts';

/** `schema` compiled; a page's CSP refusing `new Function` is told what to do instead. */
function compileOne(ajv: ReturnType<typeof requestAjv>, schema: object): CompiledSchema {
  try {
    return ajv.compile(schema) as CompiledSchema;
  } catch (error) {
    if (!(error instanceof EvalError)) throw error;
    throw new Error(
      "identity-mock/msw: this page's Content-Security-Policy forbids compiling the spec's request schemas here (no 'unsafe-eval'); compile the document ahead with identity-mock build-msw --spec FILE and pass the module it writes as createHandlers({ spec })",
      { cause: error },
    );
  }
}

/** The compiled schema of each key of `documents`, compiled on first use and kept. */
export function compileRequestSchemas(documents: readonly RequestDocument[]): CompiledSchemas {
  const params = requestAjv(documents, true);
  const bodies = requestAjv(documents, false);
  const schemas = new Map<string, { readonly schema: object; readonly ajv: ReturnType<typeof requestAjv> }>();
  for (const { name, model } of documents) {
    const sets = requestSchemaSets(name, model);
    for (const [key, schema] of sets.params) schemas.set(key, { schema, ajv: params });
    for (const [key, schema] of sets.bodies) schemas.set(key, { schema, ajv: bodies });
  }
  const compiled = new Map<string, CompiledSchema>();
  return (key) => {
    const found = schemas.get(key);
    if (found === undefined) return undefined;
    let validate = compiled.get(key);
    if (validate === undefined) {
      validate = compileOne(found.ajv, found.schema);
      compiled.set(key, validate);
    }
    return validate;
  };
}
