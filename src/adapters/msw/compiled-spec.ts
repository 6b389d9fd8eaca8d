/**
 * A document compiled ahead for a page with a strict Content-Security-Policy: what `identity-mock build-msw --spec
 * FILE` writes (`compiled-spec-module.ts`) and `createHandlers({ spec })` takes (docs/msw.md "Serving your own
 * document"). It holds the parsed document and its request schemas (`request-schemas.ts`) as ajv's standalone code,
 * which runs no `new Function`. That code is CommonJS-shaped: each part is a function of the `require` and
 * `exports` it names, given here what ajv's standalone code asks for (`standalone-runtime.ts`) and the request formats.
 */
import type { CompiledSchema, CompiledSchemas } from './compiled-validator.ts';
import { REQUEST_FORMATS } from './request-formats.ts';
import { STANDALONE_RUNTIME } from './standalone-runtime.ts';

/** The format of what `build-msw` writes; a module of another format is compiled again. */
export const COMPILED_SPEC_FORMAT = 'identity-mock/compiled-spec@1';

/** The name the compiled code requires the request formats by. */
export const FORMATS_MODULE = 'identity-mock:request-formats';

/** One part of the compiled code: it sets a validate function on `exports` for each schema. */
export type CompiledPart = (require: (id: string) => unknown, exports: Record<string, unknown>) => void;

/**
 * A document compiled by `identity-mock build-msw --spec FILE`: the default export of the module it writes, which
 * `createHandlers({ spec })` serves with no `new Function` (a strict Content-Security-Policy holds).
 *
 * @example
 * import spec from './identity-mock-spec.js'; // identity-mock build-msw --spec openapi.yaml
 * const { handlers } = createHandlers({ spec });
 */
export interface CompiledSpec {
  readonly format: typeof COMPILED_SPEC_FORMAT;
  /** The parsed document. */
  readonly document: Readonly<Record<string, unknown>>;
  /** The part and export of each schema key (`params v0`, `bodies v3`). */
  readonly schemas: Readonly<Record<string, string>>;
  /** The parameters' schemas (coerced from text). */
  readonly params: CompiledPart;
  /** The bodies' schemas (checked as sent). */
  readonly bodies: CompiledPart;
}

const RUNTIME: Readonly<Record<string, unknown>> = {
  ...STANDALONE_RUNTIME,
  [FORMATS_MODULE]: { REQUEST_FORMATS },
};

function runtime(id: string): unknown {
  if (!Object.hasOwn(RUNTIME, id)) {
    throw new Error(
      `the compiled spec requires ${id}, which identity-mock/msw does not hold: compile it again`,
    );
  }
  return RUNTIME[id];
}

/** Whether `value` claims to be a compiled spec (of this format or another). */
export function looksCompiled(value: unknown): value is { readonly format: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { format?: unknown }).format === 'string' &&
    (value as { format: string }).format.startsWith('identity-mock/compiled-spec')
  );
}

/** Whether `value` is a compiled spec this version serves. */
export function isCompiledSpec(value: unknown): value is CompiledSpec {
  return looksCompiled(value) && value.format === COMPILED_SPEC_FORMAT;
}

/** The validate functions of `spec`, by schema key. */
export function compiledSpecSchemas(spec: CompiledSpec): CompiledSchemas {
  const load = (part: CompiledPart): Record<string, unknown> => {
    const exports: Record<string, unknown> = {};
    part(runtime, exports);
    return exports;
  };
  const parts: Readonly<Record<string, Record<string, unknown>>> = {
    params: load(spec.params),
    bodies: load(spec.bodies),
  };
  return (key) => {
    if (!Object.hasOwn(spec.schemas, key)) return undefined;
    const [part = '', name = ''] = (spec.schemas[key] ?? '').split(' ');
    const found = Object.hasOwn(parts, part) ? parts[part]?.[name] : undefined;
    return typeof found === 'function' ? (found as CompiledSchema) : undefined;
  };
}
