/**
 * Checks a response against the spec, independently of express-openapi-validator: the status is documented for
 * the operation, the documented headers are valid (and the required ones present), and the body matches its
 * schema (or is absent when none is documented). HTTP tests run every response through it; `contracts:check`
 * runs every Pact interaction, whose headers are only the ones the consumer relies on.
 */
import { isDecimalInteger } from './formats.ts';
import type { OperationSpec, SchemaNode } from './model.ts';
import { pointerSegment, type SchemaIssue } from './schema-validator.ts';
import { SpecChecker } from './spec-checker.ts';

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

export interface ResponseCheckOptions {
  /** Report required headers that are absent (off for contracts, which list only what the consumer uses). */
  readonly requireHeaders?: boolean;
}

/** What `ResponseChecker.problems` reports: one disagreement with the spec, with where it is. */
export interface ResponseProblem {
  /**
   * `unserved`: no operation of the spec serves the request, yet it succeeded; `status`: not documented for the
   * operation; `header`: a documented header is missing or invalid; `content-type`: not the documented media
   * type; `body`: the body breaks its schema (or is sent where none is documented).
   */
  readonly kind: 'unserved' | 'status' | 'header' | 'content-type' | 'body';
  /** The message `check` gives for it. */
  readonly message: string;
  /** `status`, the header's name, `Content-Type`, or `body`. */
  readonly where: string;
  /** For `body`: each schema issue at its place in the body. */
  readonly issues?: readonly SchemaIssue[];
}

export class ResponseChecker extends SpecChecker {
  /** The operation a request reaches, if any. */
  operationOf(method: string, path: string): OperationSpec | undefined {
    const match = this.routes.match(method.toUpperCase(), path.split('?')[0] ?? path);
    return match.kind === 'found' ? match.operation : undefined;
  }

  /**
   * Problems of `sample` against the spec; empty when it conforms. A request no operation serves (404, 405) must
   * still answer with the spec's Error body.
   */
  check(sample: ResponseSample, options: ResponseCheckOptions = {}): string[] {
    return this.problems(sample, options).map((problem) => problem.message);
  }

  /** The problems of `check`, each with its kind and place (the drift guard reports them one by one). */
  problems(sample: ResponseSample, options: ResponseCheckOptions = {}): ResponseProblem[] {
    const where = `${sample.method.toUpperCase()} ${sample.path} → ${sample.status}`;
    const operation = this.operationOf(sample.method, sample.path);
    if (operation === undefined) {
      if (sample.status < 400) {
        return [
          {
            kind: 'unserved',
            where: 'status',
            message: `${where}: no operation of the spec serves this request`,
          },
        ];
      }
      return this.#body('#/components/schemas/Error', sample.body, where);
    }
    const { model } = this;
    const responses = model.deref(operation.raw.responses);
    const key = [String(sample.status), `${String(sample.status)[0] ?? ''}XX`, 'default'].find(
      (k) => k in responses,
    );
    if (key === undefined) {
      return [
        {
          kind: 'status',
          where: 'status',
          message: `${where}: status ${sample.status} is not documented for ${operation.id} (documented: ${operation.statuses.join(', ')})`,
        },
      ];
    }
    const pointer = pointerOf(operation, key);
    const response = model.deref(responses[key]);
    const problems: ResponseProblem[] = [];
    const headers = lowerCaseKeys(sample.headers);
    for (const [name, raw] of Object.entries(model.deref(response.headers ?? {}))) {
      const header = model.deref(raw);
      const value = headers[name.toLowerCase()];
      if (value === undefined) {
        if (header.required === true && options.requireHeaders !== false) {
          problems.push({
            kind: 'header',
            where: name,
            message: `${where}: required header ${name} is missing`,
          });
        }
        continue;
      }
      const schema = model.deref(header.schema ?? {});
      // A header given by `$ref` has its schema under the component, not under the response.
      const ref = typeof raw === 'object' && raw !== null && '$ref' in raw ? raw.$ref : undefined;
      const at = typeof ref === 'string' ? ref : `${pointer}/headers/${pointerSegment(name)}`;
      const typed = schema.type === 'integer' && isDecimalInteger(value) ? Number(value) : value;
      const problem = this.schemas.problems(`${at}/schema`, typed, name);
      if (problem !== undefined)
        problems.push({ kind: 'header', where: name, message: `${where}: header ${problem}` });
    }
    const content = response.content === undefined ? undefined : model.deref(response.content);
    if (content === undefined || Object.keys(content).length === 0) {
      if (sample.body !== undefined && sample.body !== '') {
        problems.push({
          kind: 'body',
          where: 'body',
          message: `${where}: a body was sent but none is documented`,
        });
      }
      return problems;
    }
    const contentType = headers['content-type'];
    // The documented media type the response says it is; else the JSON one (a response may document several).
    const mediaType =
      Object.keys(content).find((m) => contentType?.toLowerCase().startsWith(m) === true) ??
      Object.keys(content).find((m) => m.includes('json')) ??
      Object.keys(content)[0] ??
      '';
    if (contentType !== undefined && !contentType.toLowerCase().startsWith(mediaType)) {
      problems.push({
        kind: 'content-type',
        where: 'Content-Type',
        message: `${where}: Content-Type ${contentType} is not the documented ${mediaType}`,
      });
    }
    problems.push(
      ...this.#body(`${pointer}/content/${pointerSegment(mediaType)}/schema`, sample.body, where),
    );
    return problems;
  }

  #body(pointer: string, body: unknown, where: string): ResponseProblem[] {
    const problem = this.schemas.problems(pointer, body, 'body');
    if (problem === undefined) return [];
    return [
      {
        kind: 'body',
        where: 'body',
        message: `${where}: body: ${problem}`,
        issues: this.schemas.explain(pointer, body),
      },
    ];
  }
}

/** JSON pointer (in the document) of the response `key` of `operation`, following a `$ref` to components. */
function pointerOf(operation: OperationSpec, key: string): string {
  const raw = (operation.raw.responses as SchemaNode)[key] as SchemaNode;
  if (typeof raw.$ref === 'string') return raw.$ref;
  return `#/paths/${pointerSegment(operation.path)}/${operation.method}/responses/${key}`;
}

function lowerCaseKeys(headers: ResponseSample['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = typeof value === 'string' ? value : value.join(', ');
  }
  return out;
}
