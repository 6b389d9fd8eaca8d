/**
 * The parts of an OpenAPI document that identity-mock acts on, read once at start-up: operations with their
 * permissions, documented statuses and parameters; the role → permissions table; the accepted request media
 * types. Code asks this model instead of restating the spec (rule 2 of the house).
 */
import { resolvePointer, type SpecDocument } from './document.ts';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type ParameterLocation = 'query' | 'header' | 'path' | 'cookie';

/** A JSON Schema node of the spec, `$ref`s resolved at the top level. */
export type SchemaNode = Readonly<Record<string, unknown>>;

export interface ParameterSpec {
  readonly name: string;
  readonly in: ParameterLocation;
  readonly required: boolean;
  readonly schema: SchemaNode;
  /** The parameter object itself, for `x-` extensions. */
  readonly raw: SchemaNode;
  /** JSON pointer of the parameter object in the document (its `$ref` target when it is a reference). */
  readonly pointer: string;
}

export interface OperationSpec {
  readonly id: string;
  readonly method: HttpMethod;
  /** The path template, e.g. `/users/{id-or-identifier}`. */
  readonly path: string;
  readonly tags: readonly string[];
  /** Permissions the bearer token must hold (`x-permissions`). */
  readonly permissions: readonly string[];
  /**
   * Whether a bearer token is required: the operation's or the document's `security` names a scheme other than HTTP
   * Basic (an operation secured only by HTTP Basic client authentication, as the token endpoint is, or not at all,
   * checks its client itself).
   */
  readonly secured: boolean;
  /** Documented response statuses, ascending. */
  readonly statuses: readonly number[];
  readonly parameters: readonly ParameterSpec[];
  /** Media types of the request body, empty when the operation takes none. */
  readonly bodyMediaTypes: readonly string[];
  /** JSON pointer of the request body object, when there is one. */
  readonly bodyPointer: string | undefined;
  /** The operation object itself, for `x-` extensions and responses. */
  readonly raw: SchemaNode;
  /** Resolves a `$ref` of the operation's document (what an error message reads of a schema). */
  readonly deref?: (node: unknown) => SchemaNode;
}

export interface ApiModel {
  readonly doc: SpecDocument;
  readonly operations: readonly OperationSpec[];
  /** Permissions granted to each role (`x-role-permissions` of the bearer scheme). */
  readonly rolePermissions: ReadonlyMap<string, readonly string[]>;
  /** Request media types accepted on any operation (`info.x-request-content-types`). */
  readonly requestContentTypes: readonly string[];
  operation(id: string): OperationSpec;
  /** Resolves `node` if it is a `$ref`, repeatedly. */
  deref(node: unknown): SchemaNode;
}

/** Reads the model of `doc`; throws naming the offending place when the document lacks what the mock needs. */
export function buildApiModel(doc: SpecDocument): ApiModel {
  const deref = (node: unknown): SchemaNode => {
    let current = node;
    for (let hops = 0; hops < 32; hops++) {
      const record = asRecord(current, 'schema node');
      const ref = record.$ref;
      if (typeof ref !== 'string') return record;
      current = resolvePointer(doc, ref);
    }
    throw new Error('too many nested $refs');
  };

  /** Where `node` lives: the last `$ref` it goes through, or `at` when it is inline. */
  const pointerOf = (node: unknown, at: string): string => {
    let pointer = at;
    let current = node;
    for (let hops = 0; hops < 32; hops++) {
      const ref =
        typeof current === 'object' && current !== null && '$ref' in current ? current.$ref : undefined;
      if (typeof ref !== 'string') break;
      pointer = ref;
      current = resolvePointer(doc, ref);
    }
    return pointer;
  };
  const escape = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

  const operations: OperationSpec[] = [];
  const globalSecurity = doc.security;
  const basicSchemes = basicSchemesOf(doc);
  for (const [path, item] of Object.entries(asRecord(doc.paths, 'paths'))) {
    const pathItem = asRecord(item, `paths.${path}`);
    const shared = asArray(pathItem.parameters ?? [], `paths.${path}.parameters`);
    for (const method of HTTP_METHODS) {
      const rawOp = pathItem[method];
      if (rawOp === undefined) continue;
      const op = asRecord(rawOp, `${method} ${path}`);
      // An operation without an operationId is known by its method and path (as the resource engine names it).
      const id = typeof op.operationId === 'string' ? op.operationId : `${method} ${path}`;
      const located = [
        ...shared.map((p, i) => ({ p, at: `#/paths/${escape(path)}/parameters/${i}` })),
        ...asArray(op.parameters ?? [], `${id}.parameters`).map((p, i) => ({
          p,
          at: `#/paths/${escape(path)}/${method}/parameters/${i}`,
        })),
      ];
      const params = located.map(({ p, at }) => {
        const param = deref(p);
        return {
          name: asString(param.name, `${id} parameter name`),
          in: asString(param.in, `${id} parameter in`) as ParameterLocation,
          required: param.required === true,
          schema: param.schema === undefined ? {} : deref(param.schema),
          raw: param,
          pointer: pointerOf(p, at),
        };
      });
      const security = op.security ?? globalSecurity;
      const body = op.requestBody === undefined ? undefined : deref(op.requestBody);
      operations.push({
        id,
        method,
        path,
        tags: asArray(op.tags ?? [], `${id}.tags`).map((t) => asString(t, `${id} tag`)),
        permissions: asArray(op['x-permissions'] ?? [], `${id}.x-permissions`).map((p) =>
          asString(p, `${id} permission`),
        ),
        secured:
          Array.isArray(security) &&
          security.length > 0 &&
          !security.every(
            (alternative: unknown) =>
              typeof alternative === 'object' &&
              alternative !== null &&
              Object.keys(alternative).every((name) => basicSchemes.has(name)),
          ),
        statuses: Object.keys(asRecord(op.responses, `${id}.responses`))
          .map(Number)
          .filter(Number.isInteger)
          .sort((a, b) => a - b),
        parameters: params,
        bodyMediaTypes:
          body === undefined ? [] : Object.keys(asRecord(body.content, `${id}.requestBody.content`)),
        bodyPointer:
          op.requestBody === undefined
            ? undefined
            : pointerOf(op.requestBody, `#/paths/${escape(path)}/${method}/requestBody`),
        raw: op,
        deref,
      });
    }
  }

  const byId = new Map(operations.map((op) => [op.id, op]));
  const components = asRecord(doc.components ?? {}, 'components');
  const schemes = asRecord(components.securitySchemes ?? {}, 'components.securitySchemes');
  const rolePermissions = new Map<string, readonly string[]>();
  for (const scheme of Object.values(schemes)) {
    const table = asRecord(scheme, 'security scheme')['x-role-permissions'];
    if (table === undefined) continue;
    for (const [role, perms] of Object.entries(asRecord(table, 'x-role-permissions'))) {
      rolePermissions.set(
        role,
        asArray(perms, `x-role-permissions.${role}`).map((p) => asString(p, 'permission')),
      );
    }
  }
  const info = asRecord(doc.info, 'info');
  return {
    doc,
    operations,
    rolePermissions,
    requestContentTypes: asArray(info['x-request-content-types'] ?? [], 'info.x-request-content-types').map(
      (t) => asString(t, 'media type').toLowerCase(),
    ),
    operation(id) {
      const op = byId.get(id);
      if (op === undefined) throw new Error(`the spec has no operation ${id}`);
      return op;
    },
    deref,
  };
}

function asRecord(value: unknown, where: string): Readonly<Record<string, unknown>> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`spec: ${where} must be an object`);
  }
  return value as Record<string, unknown>;
}

function asArray(value: unknown, where: string): readonly unknown[] {
  if (!Array.isArray(value)) throw new Error(`spec: ${where} must be an array`);
  return value;
}

function asString(value: unknown, where: string): string {
  if (typeof value !== 'string') throw new Error(`spec: ${where} must be a string`);
  return value;
}

/** The names of the document's `http` security schemes of scheme `basic` (RFC 7235: case-insensitive). */
function basicSchemesOf(doc: Readonly<Record<string, unknown>>): ReadonlySet<string> {
  const components = asRecord(doc.components ?? {}, 'components');
  const schemes = asRecord(components.securitySchemes ?? {}, 'components.securitySchemes');
  const names = new Set<string>();
  for (const [name, scheme] of Object.entries(schemes)) {
    const { type, scheme: kind } = asRecord(scheme, 'security scheme');
    if (type === 'http' && typeof kind === 'string' && kind.toLowerCase() === 'basic') names.add(name);
  }
  return names;
}
