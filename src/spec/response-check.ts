/**
 * Checks a response against the spec, independently of express-openapi-validator: the status is documented for
 * the operation, every required header is present and valid, and the body matches its schema (or is absent when
 * none is documented). HTTP tests run every response through it; `contracts:check` runs every Pact interaction.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { SpecDocument } from './document.ts';
import { STRICT_FORMATS } from './formats.ts';
import { buildApiModel, type ApiModel, type OperationSpec, type SchemaNode } from './model.ts';
import { RouteTable } from './route-table.ts';

export interface ResponseSample {
  readonly method: string;
  /** Path, with or without a query string. */
  readonly path: string;
  readonly status: number;
  /** Header names in any case. */
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
  /** Parsed JSON body; `undefined` when there is none. */
  readonly body: unknown;
}

const SPEC_ID = 'https://identity-mock.local/spec.json';

export class ResponseChecker {
  readonly #model: ApiModel;
  readonly #routes: RouteTable;
  readonly #ajv: Ajv2020;
  readonly #compiled = new Map<string, ValidateFunction>();

  constructor(doc: SpecDocument) {
    this.#model = buildApiModel(doc);
    this.#routes = new RouteTable(this.#model.operations);
    this.#ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats.default(this.#ajv, { mode: 'full' });
    for (const [name, validate] of Object.entries(STRICT_FORMATS)) this.#ajv.addFormat(name, validate);
    this.#ajv.addSchema({ ...structuredClone(doc), $id: SPEC_ID });
  }

  /** The operation a request reaches, if any. */
  operationOf(method: string, path: string): OperationSpec | undefined {
    const match = this.#routes.match(method.toUpperCase(), path.split('?')[0] ?? path);
    return match.kind === 'found' ? match.operation : undefined;
  }

  /**
   * Problems of `sample` against the spec; empty when it conforms. A request no operation serves (404, 405) must
   * still answer with the spec's Error body.
   */
  check(sample: ResponseSample): string[] {
    const where = `${sample.method.toUpperCase()} ${sample.path} → ${sample.status}`;
    const operation = this.operationOf(sample.method, sample.path);
    if (operation === undefined) {
      if (sample.status < 400) return [`${where}: no operation of the spec serves this request`];
      const validate = this.#validator('#/components/schemas/Error');
      return validate(sample.body)
        ? []
        : [`${where}: body: ${this.#ajv.errorsText(validate.errors, { dataVar: 'body' })}`];
    }
    const responses = this.#model.deref(operation.raw.responses);
    const key = [String(sample.status), `${String(sample.status)[0] ?? ''}XX`, 'default'].find(
      (k) => k in responses,
    );
    if (key === undefined) {
      return [
        `${where}: status ${sample.status} is not documented for ${operation.id} (documented: ${operation.statuses.join(', ')})`,
      ];
    }
    const pointer = this.#pointerOf(operation, key);
    const response = this.#model.deref(responses[key]);
    const problems: string[] = [];
    const headers = lowerCaseKeys(sample.headers);
    for (const [name, raw] of Object.entries(this.#model.deref(response.headers ?? {}))) {
      const header = this.#model.deref(raw);
      const value = headers[name.toLowerCase()];
      if (value === undefined) {
        if (header.required === true) problems.push(`${where}: required header ${name} is missing`);
        continue;
      }
      const schema = this.#model.deref(header.schema ?? {});
      // A header given by `$ref` has its schema under the component, not under the response.
      const ref = typeof raw === 'object' && raw !== null && '$ref' in raw ? raw.$ref : undefined;
      const at = typeof ref === 'string' ? ref : `${pointer}/headers/${escape(name)}`;
      const validate = this.#validator(`${at}/schema`);
      const typed = schema.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
      if (!validate(typed))
        problems.push(`${where}: header ${name}: ${this.#ajv.errorsText(validate.errors)}`);
    }
    const content = response.content === undefined ? undefined : this.#model.deref(response.content);
    if (content === undefined || Object.keys(content).length === 0) {
      if (sample.body !== undefined && sample.body !== '')
        problems.push(`${where}: a body was sent but none is documented`);
      return problems;
    }
    const mediaType = Object.keys(content).find((m) => m.includes('json')) ?? Object.keys(content)[0] ?? '';
    const contentType = headers['content-type'];
    if (contentType !== undefined && !contentType.toLowerCase().startsWith(mediaType)) {
      problems.push(`${where}: Content-Type ${contentType} is not the documented ${mediaType}`);
    }
    const validate = this.#validator(`${pointer}/content/${escape(mediaType)}/schema`);
    if (!validate(sample.body)) {
      problems.push(`${where}: body: ${this.#ajv.errorsText(validate.errors, { dataVar: 'body' })}`);
    }
    return problems;
  }

  /** JSON pointer (in the document) of the response `key` of `operation`, following a `$ref` to components. */
  #pointerOf(operation: OperationSpec, key: string): string {
    const raw = (operation.raw.responses as SchemaNode)[key] as SchemaNode;
    if (typeof raw.$ref === 'string') return raw.$ref;
    return `#/paths/${escape(operation.path)}/${operation.method}/responses/${key}`;
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

function escape(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function lowerCaseKeys(headers: ResponseSample['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = typeof value === 'string' ? value : value.join(', ');
  }
  return out;
}
