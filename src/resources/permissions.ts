/**
 * The permissions an inferred operation needs (docs/own-spec.md "Permissions"): its `x-permissions`, else the
 * scopes of its security requirement, else `read:`, `create:`, `update:` or `delete:<resource>` by method (GET and
 * HEAD; POST; PUT and PATCH; DELETE). Roles: `x-role-permissions` of the document (on a security scheme, as
 * spec/openapi.yaml writes it, or at the top), and `saas_admin` holds, besides, every permission the document names.
 */
import type { SpecDocument } from '../spec/document.ts';
import type { DocOperation } from './document-operations.ts';
import { isRecord } from './schema.ts';

const VERBS: Readonly<Record<string, string>> = {
  get: 'read',
  head: 'read',
  post: 'create',
  put: 'update',
  patch: 'update',
  delete: 'delete',
};

export interface OperationAccess {
  /** Whether a bearer token is needed (the operation's or the document's `security`, non-empty). */
  readonly secured: boolean;
  readonly permissions: readonly string[];
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The access rule of `op`; `resource` is the collection (or last path segment) it acts on. */
export function operationAccess(doc: SpecDocument, op: DocOperation, resource: string): OperationAccess {
  const security = op.raw.security ?? doc.security;
  const requirements = Array.isArray(security) ? security.filter(isRecord) : [];
  const secured = requirements.length > 0 && !requirements.some((r) => Object.keys(r).length === 0);
  if (Array.isArray(op.raw['x-permissions']))
    return { secured, permissions: strings(op.raw['x-permissions']) };
  if (!secured) return { secured, permissions: [] };
  const scopes = [...new Set(requirements.flatMap((r) => Object.values(r).flatMap(strings)))];
  if (scopes.length > 0) return { secured, permissions: scopes };
  const verb = VERBS[op.method];
  return { secured, permissions: verb === undefined ? [] : [`${verb}:${resource}`] };
}

/** The role → permissions table of the document, with `saas_admin` holding every permission in `named`. */
export function rolePermissions(
  doc: SpecDocument,
  named: Iterable<string>,
): ReadonlyMap<string, readonly string[]> {
  const roles = new Map<string, Set<string>>();
  const read = (table: unknown): void => {
    if (!isRecord(table)) return;
    for (const [role, perms] of Object.entries(table)) {
      const set = roles.get(role) ?? new Set<string>();
      for (const p of strings(perms)) set.add(p);
      roles.set(role, set);
    }
  };
  read(doc['x-role-permissions']);
  const components = isRecord(doc.components) ? doc.components : {};
  const schemes = isRecord(components.securitySchemes) ? components.securitySchemes : {};
  for (const scheme of Object.values(schemes)) if (isRecord(scheme)) read(scheme['x-role-permissions']);
  const admin = roles.get('saas_admin') ?? new Set<string>();
  for (const p of named) admin.add(p);
  roles.set('saas_admin', admin);
  return new Map([...roles].map(([role, set]) => [role, [...set].sort()]));
}
