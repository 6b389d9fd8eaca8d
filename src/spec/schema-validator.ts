/**
 * Validates values against schemas of a spec document addressed by JSON pointer, with the same formats as the
 * running mock (RFC 3339 date-times, uuid, email). Shared by the response and request checks.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { SpecDocument } from './document.ts';
import { STRICT_FORMATS } from './formats.ts';
import { isOpenApi30, normalizeOpenApi30 } from './openapi-30.ts';
import type { SchemaNode } from './model.ts';

const SPEC_ID = 'https://identity-mock.local/spec.json';

/** One reason a value breaks a schema, located in the value. */
export interface SchemaIssue {
  /**
   * JSON pointer into the value of the offending part: for a missing or an undeclared property, the property
   * itself (`/3/email`), so that two different fields are two issues.
   */
  readonly path: string;
  /** What the schema wants there, as ajv says it: `must match format "email"`. */
  readonly message: string;
}

export class SchemaValidator {
  readonly #ajv: Ajv2020;
  readonly #compiled = new Map<string, ValidateFunction>();
  readonly #nodes = new WeakMap<SchemaNode, ValidateFunction>();

  constructor(doc: SpecDocument) {
    this.#ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats.default(this.#ajv, { mode: 'full' });
    for (const [name, validate] of Object.entries(STRICT_FORMATS)) this.#ajv.addFormat(name, validate);
    const copy = structuredClone(doc) as Record<string, unknown>;
    if (isOpenApi30(copy)) normalizeOpenApi30(copy, true);
    this.#ajv.addSchema({ ...copy, $id: SPEC_ID });
  }

  /** Problems of `value` against the schema at `pointer` (`#/components/schemas/User`), as one message; or undefined. */
  problems(pointer: string, value: unknown, dataVar = 'value'): string | undefined {
    const validate = this.#validator(pointer);
    return validate(value) ? undefined : this.#ajv.errorsText(validate.errors, { dataVar });
  }

  /**
   * The problems of `value` one by one, each at its place in the value; empty when it conforms. The branches of
   * an `anyOf`/`oneOf` that failed are left out when the combinator itself is reported.
   */
  explain(pointer: string, value: unknown): SchemaIssue[] {
    const validate = this.#validator(pointer);
    if (validate(value)) return [];
    const errors = validate.errors ?? [];
    const combinators = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf');
    const branch = (e: ErrorObject): boolean =>
      combinators.some(
        (c) =>
          c !== e && e.schemaPath.startsWith(`${c.schemaPath}/`) && e.instancePath.startsWith(c.instancePath),
      );
    return errors.filter((e) => !branch(e)).map(issueOf);
  }

  /**
   * Whether `value` matches `schema`, a schema node read from the document (its `#/…` references are the
   * document's; OpenAPI 3.0's `nullable` read as JSON Schema's `null` type).
   */
  matches(schema: SchemaNode, value: unknown): boolean {
    let validate = this.#nodes.get(schema);
    if (validate === undefined) {
      validate = this.#ajv.compile(anchored(schema) as SchemaNode);
      this.#nodes.set(schema, validate);
    }
    return validate(value);
  }

  #validator(pointer: string): ValidateFunction {
    let validate = this.#compiled.get(pointer);
    if (validate === undefined) {
      validate = this.#ajv.compile({ $ref: `${SPEC_ID}${pointer}` });
      this.#compiled.set(pointer, validate);
    }
    return validate;
  }
}

/** A copy of `node` whose local `$ref`s point into the document added as `SPEC_ID`, `nullable` as a type. */
function anchored(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(anchored);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] =
      key === '$ref' && typeof value === 'string' && value.startsWith('#')
        ? `${SPEC_ID}${value}`
        : anchored(value);
  }
  if (out.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  return out;
}

function issueOf(error: ErrorObject): SchemaIssue {
  const params = error.params as Readonly<Record<string, unknown>>;
  const property =
    error.keyword === 'required'
      ? params.missingProperty
      : error.keyword === 'additionalProperties'
        ? params.additionalProperty
        : undefined;
  const path =
    typeof property === 'string' ? `${error.instancePath}/${pointerSegment(property)}` : error.instancePath;
  const allowed = Array.isArray(params.allowedValues) ? `: ${params.allowedValues.join(', ')}` : '';
  const message =
    error.keyword === 'additionalProperties'
      ? 'is not a property the schema declares'
      : error.keyword === 'required'
        ? 'is required'
        : `${error.message ?? 'is invalid'}${allowed}`;
  return { path, message };
}

/** Escapes one segment of a JSON pointer. */
export function pointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
