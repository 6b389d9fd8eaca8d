/**
 * What a write of the resource engine may add to its session's state (docs/sessions.md "Memory"), reserved before
 * it runs: an overlay entry as `overlay.ts` counts it — its overhead and twice the characters of its key and of the
 * record's JSON (the body, the server's fields and, for a replace or patch, the rest of the record) — and, for a
 * delete, an entry for the record and for each child record it takes with it. An action or singleton stores
 * nothing.
 */
import { ENTRY_OVERHEAD_BYTES, OVERLAY_BYTES } from './overlay.ts';
import type { OperationModel, ResourceModel } from './resource-model.ts';

/** Characters of a key and of the fields the server stamps (id, timestamps, creator): generous for uuids. */
const SERVER_FIELD_CHARS = 256;
/** Characters of the part of a record a replace or patch keeps from before (the body names only what changes). */
const KEPT_RECORD_CHARS = 1024;

/** The bytes a write of `op` with `body` may add, or undefined when it stores nothing. */
export function engineWriteBytes(
  model: ResourceModel,
  op: OperationModel,
  body: unknown,
): number | undefined {
  const collection = model.collections.find((c) => c.name === op.collection);
  if (collection === undefined || op.action === undefined || op.action === 'list' || op.action === 'read')
    return undefined;
  if (op.action === 'delete') {
    let entries = 1;
    const children = (parent: string, per: number): void => {
      for (const child of model.collections) {
        if (child.parent?.collection !== parent) continue;
        entries += per * child.count;
        children(child.name, per * child.count);
      }
    };
    children(collection.name, 1);
    return OVERLAY_BYTES + entries * ENTRY_OVERHEAD_BYTES;
  }
  let chars = SERVER_FIELD_CHARS;
  try {
    chars += JSON.stringify(body ?? null).length;
  } catch {
    chars += KEPT_RECORD_CHARS;
  }
  if (op.action !== 'create') chars += KEPT_RECORD_CHARS;
  return OVERLAY_BYTES + ENTRY_OVERHEAD_BYTES + 2 * chars;
}
