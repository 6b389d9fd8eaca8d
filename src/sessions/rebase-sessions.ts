/**
 * Moves every session onto the collections of a reloaded document (docs/own-spec.md "Live reload"): each keeps
 * the records it wrote in the collections the document still has, where the item schema still accepts them.
 */
import type { ResourceBase } from '../resources/base-collection.ts';
import type { RecordCheck } from '../resources/record-check.ts';
import type { Session } from './session.ts';

/** The records dropped, by collection, over every session (collections without any left out). */
export function rebaseSessions(
  sessions: Iterable<Session>,
  base: ResourceBase,
  accepts: RecordCheck,
): Record<string, number> {
  const dropped: Record<string, number> = {};
  // A schema the checker cannot compile accepts nothing: the record is dropped rather than the reload half done.
  const check: RecordCheck = (collection, record) => {
    try {
      return accepts(collection, record);
    } catch {
      return false;
    }
  };
  for (const session of sessions) {
    for (const [name, n] of session.rebase(base, check)) dropped[name] = (dropped[name] ?? 0) + n;
  }
  return dropped;
}
