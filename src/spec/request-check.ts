/**
 * Checks a request against the spec (for contracts: does the spec allow what a consumer sends?): the operation
 * exists, every path, query and header parameter is declared and valid, required ones are present, the body's
 * media type is accepted and the body matches its schema, and a token is sent where one is required.
 */
import { FORM_MEDIA_TYPE, mediaTypeOf } from '../protocol/media-type.ts';
import { isDecimalInteger } from './formats.ts';
import type { OperationSpec, ParameterSpec } from './model.ts';
import { pointerSegment } from './schema-validator.ts';
import { SpecChecker } from './spec-checker.ts';

export interface RequestSample {
  readonly method: string;
  /** Path without the query string. */
  readonly path: string;
  /** Query parameters, each with its values. */
  readonly query: Readonly<Record<string, readonly string[]>>;
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** The body as sent: a string (form, text) or parsed JSON. */
  readonly body: unknown;
}

/** One problem of a request, with the part of the request it is about. */
export interface RequestIssue {
  /** `query <name>`, `path <name>`, `header <name>`, `Authorization`, `Content-Type`, `body` or `route`. */
  readonly where: string;
  /** The message `check` lists for it. */
  readonly message: string;
}

export class RequestChecker extends SpecChecker {
  /**
   * Problems of `sample` against the spec, and the operation it reaches; empty when the spec allows it.
   * `answeredWith` is the status the request expects, when known (a request without a token may expect 401).
   * `issues` are the same problems, each with the part of the request it is about.
   */
  check(
    sample: RequestSample,
    answeredWith?: number,
  ): {
    readonly operation: OperationSpec | undefined;
    readonly problems: string[];
    readonly issues: RequestIssue[];
  } {
    const issues = this.#issues(sample, answeredWith);
    return { ...issues, problems: issues.issues.map((issue) => issue.message) };
  }

  #issues(
    sample: RequestSample,
    answeredWith: number | undefined,
  ): { readonly operation: OperationSpec | undefined; readonly issues: RequestIssue[] } {
    const where = `${sample.method.toUpperCase()} ${sample.path}`;
    const match = this.routes.match(sample.method.toUpperCase(), sample.path);
    if (match.kind !== 'found') {
      const what =
        match.kind === 'not-found'
          ? 'no path of the spec matches'
          : `allowed methods: ${match.allowed.join(', ')}`;
      return { operation: undefined, issues: [{ where: 'route', message: `${where}: ${what}` }] };
    }
    const { operation, params } = match;
    const issues: RequestIssue[] = [];
    const add = (at: string, message: string): void => {
      issues.push({ where: at, message });
    };
    const headers = Object.fromEntries(Object.entries(sample.headers).map(([k, v]) => [k.toLowerCase(), v]));
    const check = (param: ParameterSpec, value: string): void => {
      const problem = this.schemas.problems(
        `${param.pointer}/schema`,
        coerce(value, this.model.deref(param.schema).type),
        param.name,
      );
      if (problem !== undefined)
        add(`${param.in} ${param.name}`, `${where}: ${param.in} parameter ${problem}`);
    };
    for (const param of operation.parameters) {
      const values =
        param.in === 'query'
          ? sample.query[param.name]
          : param.in === 'path'
            ? [params[param.name] ?? '']
            : param.in === 'header' && headers[param.name.toLowerCase()] !== undefined
              ? [headers[param.name.toLowerCase()] ?? '']
              : undefined;
      if (values === undefined) {
        if (param.required)
          add(
            `${param.in} ${param.name}`,
            `${where}: required ${param.in} parameter ${param.name} is missing`,
          );
        continue;
      }
      if (values.length > 1)
        add(`query ${param.name}`, `${where}: query parameter ${param.name} is given ${values.length} times`);
      for (const value of values) check(param, value);
    }
    // `x-eov-allow-unknown-query-parameters` marks an operation that ignores parameters it does not know
    // (the authorization endpoint, RFC 6749 §3.1).
    const declared = new Set(operation.parameters.filter((p) => p.in === 'query').map((p) => p.name));
    if (operation.raw['x-eov-allow-unknown-query-parameters'] !== true) {
      for (const name of Object.keys(sample.query)) {
        if (!declared.has(name))
          add(`query ${name}`, `${where}: query parameter ${name} is not declared by ${operation.id}`);
      }
    }
    if (
      needsCredentials(operation, this.model.doc) &&
      headers.authorization === undefined &&
      answeredWith !== 401
    ) {
      add(
        'Authorization',
        `${where}: ${operation.id} needs a bearer token; without one the only answer is 401`,
      );
    }
    issues.push(...this.#checkBody(operation, where, headers['content-type'], sample.body));
    return { operation, issues };
  }

  #checkBody(
    operation: OperationSpec,
    where: string,
    contentType: string | undefined,
    body: unknown,
  ): RequestIssue[] {
    const mediaType = mediaTypeOf(contentType);
    if (mediaType !== '' && !this.model.requestContentTypes.includes(mediaType)) {
      return [
        {
          where: 'Content-Type',
          message: `${where}: Content-Type ${mediaType} is not one of the spec's request media types`,
        },
      ];
    }
    const absent = body === undefined || body === '';
    if (operation.bodyMediaTypes.length === 0) {
      return absent ? [] : [{ where: 'body', message: `${where}: ${operation.id} takes no request body` }];
    }
    if (absent && this.model.deref(operation.raw.requestBody).required !== true) return [];
    if (!operation.bodyMediaTypes.includes(mediaType)) {
      return [
        {
          where: 'Content-Type',
          message: `${where}: the body must be ${operation.bodyMediaTypes.join(' or ')} (got ${mediaType || 'none'})`,
        },
      ];
    }
    const value =
      mediaType === FORM_MEDIA_TYPE && typeof body === 'string'
        ? Object.fromEntries(new URLSearchParams(body))
        : body;
    const pointer = `${operation.bodyPointer ?? ''}/content/${pointerSegment(mediaType)}/schema`;
    const problem = this.schemas.problems(pointer, value, 'body');
    return problem === undefined ? [] : [{ where: 'body', message: `${where}: ${problem}` }];
  }
}

/**
 * A query, path or header value typed as its schema says (they travel as strings). An integer is read from
 * decimal digits only, as the mock reads it: `page=0x2` stays a string and fails the schema's type.
 */
function coerce(value: string, type: unknown): unknown {
  if (type === 'integer') return isDecimalInteger(value) ? Number(value) : value;
  if (type === 'number' && value.trim() !== '' && !Number.isNaN(Number(value))) return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

/** Whether every security alternative of `operation` needs credentials (`{}` among them makes them optional). */
function needsCredentials(operation: OperationSpec, doc: Readonly<Record<string, unknown>>): boolean {
  const security = operation.raw.security ?? doc.security;
  return (
    Array.isArray(security) &&
    security.length > 0 &&
    security.every(
      (alternative: unknown) =>
        typeof alternative === 'object' && alternative !== null && Object.keys(alternative).length > 0,
    )
  );
}
