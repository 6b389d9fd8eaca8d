/**
 * Validates values against schemas of a spec document addressed by JSON pointer, with the same formats as the
 * running mock (RFC 3339 date-times, uuid, email). Shared by the response and request checks.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { SpecDocument } from './document.ts';
import { STRICT_FORMATS } from './formats.ts';

const SPEC_ID = 'https://identity-mock.local/spec.json';

export class SchemaValidator {
  readonly #ajv: Ajv2020;
  readonly #compiled = new Map<string, ValidateFunction>();

  constructor(doc: SpecDocument) {
    this.#ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats.default(this.#ajv, { mode: 'full' });
    for (const [name, validate] of Object.entries(STRICT_FORMATS)) this.#ajv.addFormat(name, validate);
    this.#ajv.addSchema({ ...structuredClone(doc), $id: SPEC_ID });
  }

  /** Problems of `value` against the schema at `pointer` (`#/components/schemas/User`), as one message; or undefined. */
  problems(pointer: string, value: unknown, dataVar = 'value'): string | undefined {
    let validate = this.#compiled.get(pointer);
    if (validate === undefined) {
      validate = this.#ajv.compile({ $ref: `${SPEC_ID}${pointer}` });
      this.#compiled.set(pointer, validate);
    }
    return validate(value) ? undefined : this.#ajv.errorsText(validate.errors, { dataVar });
  }
}

/** Escapes one segment of a JSON pointer. */
export function pointerSegment(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
