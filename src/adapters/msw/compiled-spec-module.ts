/**
 * The module `identity-mock build-msw --spec FILE` writes (docs/msw.md "Serving your own document"): a document's
 * request schemas compiled ahead as ajv's standalone code, with the parsed document, as an ES module whose default
 * export is a `CompiledSpec` (`compiled-spec.ts`). The code is compiled as the package's own documents are for its
 * bundle (`standalone-schemas.ts`); it names ajv's runtime and the request formats by `require`, which the
 * `CompiledSpec` reader supplies, so the module imports nothing and any bundler, or none, serves it.
 */
import { _ } from 'ajv';
import type { SpecDocument } from '../../spec/document.ts';
import type { ApiModel } from '../../spec/model.ts';
import { COMPILED_SPEC_FORMAT, FORMATS_MODULE } from './compiled-spec.ts';
import { requestSchemaSets } from './request-schemas.ts';
import { standaloneSchemas } from './standalone-schemas.ts';

/** The module's text (`source` names the document in its header) and how many operations it checks. */
export function compiledSpecModule(
  doc: SpecDocument,
  model: ApiModel,
  source: string,
): { readonly code: string; readonly operations: number } {
  const documents = [{ name: 'api' as const, doc, model }];
  const sets = requestSchemaSets('api', model);
  const formats = _`require(${FORMATS_MODULE}).REQUEST_FORMATS`;
  const params = standaloneSchemas(documents, sets.params, true, { esm: false, formats });
  const bodies = standaloneSchemas(documents, sets.bodies, false, { esm: false, formats });
  const schemas: Record<string, string> = {};
  for (const [key, name] of params.names) schemas[key] = `params ${name}`;
  for (const [key, name] of bodies.names) schemas[key] = `bodies ${name}`;
  const code = `// ${source}, compiled by identity-mock build-msw for createHandlers({ spec }) from identity-mock/msw.
// Its request schemas are ajv's standalone code: nothing is compiled from text in the page, so a strict
// Content-Security-Policy holds. Generated: compile it again when the document changes.
/* eslint-disable */
const document = JSON.parse(${JSON.stringify(JSON.stringify(doc))});
function params(require, exports) {
${params.code}
}
function bodies(require, exports) {
${bodies.code}
}
export default Object.freeze({
  format: ${JSON.stringify(COMPILED_SPEC_FORMAT)},
  document,
  schemas: ${JSON.stringify(schemas)},
  params,
  bodies,
});
`;
  return { code, operations: model.operations.length };
}

/** The declaration file beside the module, for TypeScript pages. */
export const COMPILED_SPEC_TYPES = `import type { CompiledSpec } from 'identity-mock/msw';
declare const spec: CompiledSpec;
export default spec;
`;
