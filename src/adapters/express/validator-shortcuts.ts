/**
 * Work express-openapi-validator 5 does at every start that a known document does not need, skipped where it
 * reads its own modules' exports (so a bundled copy is changed as well as one in node_modules). Each shortcut gives
 * the validator the same document it would have made itself: `test/unit/validator-shortcuts.test.ts` holds both
 * paths to the same result for the shipped documents.
 *
 * - The OpenAPI meta-schema validator (an Ajv compile of the OpenAPI 3 schema) is built for every document and
 *   used only when `validateApiSpec` is on: with it off, none is compiled.
 * - A `$ref` met while the validator prepares its schemas is resolved by compiling the schema it names with Ajv
 *   and reading the schema back: here it is found by its JSON pointer (the validator's own fallback), and nothing
 *   is compiled until a request needs it.
 * - A document is bundled (`@apidevtools/json-schema-ref-parser`) even when all its references are already local:
 *   one marked with `markBundled` is used as it is.
 */
import * as metaSchemaModule from 'express-openapi-validator/dist/framework/openapi.schema.validator.js';
import * as frameworkModule from 'express-openapi-validator/dist/framework/index.js';
import * as preprocessorModule from 'express-openapi-validator/dist/middlewares/parsers/schema.preprocessor.js';

interface MetaSchemaOptions {
  readonly version: string;
  readonly validateApiSpec: boolean;
}
interface MetaSchemaValidator {
  validate(doc: unknown): { errors: unknown[] };
}
type MetaSchemaExports = { OpenAPISchemaValidator: new (options: MetaSchemaOptions) => MetaSchemaValidator };
type SchemaLike = Record<string, unknown> | null | undefined;
interface Preprocessor {
  readonly apiDoc: unknown;
  readonly resolvedSchemaCache: Map<string, unknown>;
  resolveSchema: (this: Preprocessor, schema: SchemaLike) => unknown;
}
type PreprocessorExports = { SchemaPreprocessor: { prototype: Preprocessor } };
interface Framework {
  loadSpec: (this: Framework, doc: unknown, options?: unknown) => Promise<unknown>;
}
type FrameworkExports = { OpenAPIFramework: { prototype: Framework } };

/** A CommonJS module's `module.exports`, however the import was compiled or bundled. */
function exportsOf(namespace: object): unknown {
  return 'default' in namespace ? namespace.default : namespace;
}

/** On the preprocessor's prototype: its own `resolveSchema`, once the shortcut is in. */
export const ORIGINAL_RESOLVE_SCHEMA = Symbol.for('identity-mock.original-resolve-schema');
/** Marks a bundled document: a symbol-keyed property, which the validator's deep copy of the document keeps. */
const BUNDLED = Symbol.for('identity-mock.bundled');

/** The validator uses `doc` without bundling it again when every `$ref` in it is local (`#/…`). */
export function markBundledIfLocal(doc: object): void {
  if (onlyLocalRefs(doc, 0))
    Object.defineProperty(doc, BUNDLED, { value: true, enumerable: true, configurable: true });
}

function onlyLocalRefs(node: unknown, depth: number): boolean {
  if (typeof node !== 'object' || node === null) return true;
  if (depth > 256) return false;
  if (Array.isArray(node)) return node.every((item) => onlyLocalRefs(item, depth + 1));
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && (typeof value !== 'string' || !value.startsWith('#/'))) return false;
    if (!onlyLocalRefs(value, depth + 1)) return false;
  }
  return true;
}

/** What `pointer` (`#/components/schemas/User`) names in `doc`, or undefined. */
export function atPointer(doc: unknown, pointer: string): unknown {
  if (!pointer.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const raw of pointer.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function skipUnusedMetaSchema(module: MetaSchemaExports): void {
  const Original = module.OpenAPISchemaValidator;
  module.OpenAPISchemaValidator = class {
    readonly #checker: MetaSchemaValidator | undefined;

    constructor(options: MetaSchemaOptions) {
      this.#checker = options.validateApiSpec ? new Original(options) : undefined;
    }

    validate(doc: unknown): { errors: unknown[] } {
      return this.#checker === undefined ? { errors: [] } : this.#checker.validate(doc);
    }
  };
}

function resolveByPointer(prototype: Preprocessor): void {
  prototype.resolveSchema = function resolveSchema(this: Preprocessor, schema: SchemaLike): unknown {
    if (schema === null || schema === undefined) return null;
    const ref = schema.$ref;
    if (typeof ref !== 'string') return schema;
    if (this.resolvedSchemaCache.has(ref)) return this.resolvedSchemaCache.get(ref);
    const resolved = atPointer(this.apiDoc, ref);
    this.resolvedSchemaCache.set(ref, resolved);
    return resolved;
  };
}

function skipBundlingOfBundled(prototype: Framework): void {
  const original = prototype.loadSpec;
  prototype.loadSpec = function loadSpec(this: Framework, doc: unknown, options?: unknown): Promise<unknown> {
    return typeof doc === 'object' && doc !== null && Object.hasOwn(doc, BUNDLED)
      ? Promise.resolve(doc)
      : original.call(this, doc, options);
  };
}

function install(): void {
  const preprocessor = (exportsOf(preprocessorModule) as PreprocessorExports).SchemaPreprocessor.prototype;
  if (Object.hasOwn(preprocessor, ORIGINAL_RESOLVE_SCHEMA)) return;
  Object.defineProperty(preprocessor, ORIGINAL_RESOLVE_SCHEMA, { value: preprocessor.resolveSchema });
  skipUnusedMetaSchema(exportsOf(metaSchemaModule) as MetaSchemaExports);
  resolveByPointer(preprocessor);
  skipBundlingOfBundled((exportsOf(frameworkModule) as FrameworkExports).OpenAPIFramework.prototype);
}
install();
