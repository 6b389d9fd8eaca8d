/**
 * What a reload changed in the operations of the identity API (docs/own-spec.md "Live reload"): by `operationId`,
 * the operations added, removed, and changed — their method, path, permissions, parameters, body or responses,
 * read through every `$ref`, so a changed component schema changes each operation that uses it.
 */
import type { ApiModel, OperationSpec } from './model.ts';

export interface OperationChanges {
  readonly added: readonly string[];
  readonly changed: readonly string[];
  readonly removed: readonly string[];
}

export function operationChanges(before: ApiModel, after: ApiModel): OperationChanges {
  const prints = (model: ApiModel) => new Map(model.operations.map((op) => [op.id, fingerprint(model, op)]));
  const old = prints(before);
  const now = prints(after);
  return {
    added: [...now.keys()].filter((id) => !old.has(id)),
    changed: [...now].filter(([id, print]) => old.has(id) && old.get(id) !== print).map(([id]) => id),
    removed: [...old.keys()].filter((id) => !now.has(id)),
  };
}

/** The operation as JSON, its references resolved (a reference back into itself left as it is). */
function fingerprint(model: ApiModel, op: OperationSpec): string {
  const seen = new Set<unknown>();
  const resolved = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(resolved);
    if (typeof node !== 'object' || node === null) return node;
    const target = '$ref' in node ? model.deref(node) : node;
    if (seen.has(target)) return { $ref: (node as { $ref?: unknown }).$ref ?? 'cycle' };
    seen.add(target);
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(target)) out[key] = resolved(value);
    seen.delete(target);
    return out;
  };
  return JSON.stringify([
    op.method,
    op.path,
    op.permissions,
    op.parameters.map((p) => resolved(p.raw)),
    resolved(op.raw),
  ]);
}
