/**
 * The request schemas of `request-schemas.ts` compiled ahead, as ajv's standalone code: no `new Function` where
 * they run, so a page's strict Content-Security-Policy holds. The package's build compiles its own two documents
 * so (`scripts/build-msw.ts`), and `identity-mock build-msw` a team's own (`compiled-spec-module.ts`).
 */
import type { Options } from 'ajv';
import standalone from 'ajv/dist/standalone/index.js';
import { requestAjv, type RequestDocument } from './request-ajv.ts';

/** How the code names ajv's formats (`_\`require(…).REQUEST_FORMATS\``) and whether it is an ES module. */
export interface StandaloneCode {
  readonly esm: boolean;
  readonly formats: NonNullable<NonNullable<Options['code']>['formats']>;
}

export interface StandaloneSchemas {
  /** The module's code: one export per schema. */
  readonly code: string;
  /** The export that holds each key's validate function. */
  readonly names: ReadonlyMap<string, string>;
}

/** One module of `schemas` (keys of `request-schemas.ts`) over `documents`, parameters coerced or not. */
export function standaloneSchemas(
  documents: readonly RequestDocument[],
  schemas: ReadonlyMap<string, object>,
  coerceTypes: boolean,
  code: StandaloneCode,
): StandaloneSchemas {
  const ajv = requestAjv(documents, coerceTypes, { source: true, esm: code.esm, formats: code.formats });
  const names = new Map<string, string>();
  const exports: Record<string, string> = {};
  [...schemas].forEach(([key, schema], i) => {
    const id = `urn:identity-mock:${encodeURIComponent(key)}`;
    ajv.addSchema({ ...schema, $id: id });
    names.set(key, `v${String(i)}`);
    exports[`v${String(i)}`] = id;
  });
  return { code: standalone.default(ajv, exports), names };
}
