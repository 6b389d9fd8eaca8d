/**
 * JSON Merge Patch (RFC 7396): a patch object's members replace the target's, `null` removes one, objects merge
 * recursively; a patch that is not an object replaces the target whole. Neither input is changed.
 */

function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The result of applying `patch` to `target` (RFC 7396 §2).
 *
 * @example
 * mergePatch({ a: 'b', c: { d: 'e', f: 'g' } }, { a: 'z', c: { f: null } }); // { a: 'z', c: { d: 'e' } }
 */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return patch;
  const result: Record<string, unknown> = {};
  const base = isPlainObject(target) ? target : {};
  // Members keep the target's order; new ones follow in the patch's.
  for (const [name, value] of Object.entries(base)) {
    if (!(name in patch)) result[name] = value;
    else if (patch[name] !== null) result[name] = mergePatch(value, patch[name]);
  }
  for (const [name, value] of Object.entries(patch)) {
    if (!(name in base) && value !== null) result[name] = mergePatch(undefined, value);
  }
  return result;
}
