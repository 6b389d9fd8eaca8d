/**
 * The workspaces as an inferred collection (docs/own-spec.md "Workspaces"): when the served document has a
 * `workspaces` collection of its own, its seeded ids are the workspaces the users store's memberships are drawn
 * over, so the members list and row-level access (docs/access.md) name the records the collection serves. The
 * start's memberships (each user in 1–3 workspaces) move, in order, to the collection's seeded ids: the first
 * workspace's members to the first id, and so on (with fewer ids than workspaces, round the ids again).
 */
import type { Dataset, Workspace } from '../data/dataset.ts';

/** `dataset` with its workspaces' memberships drawn over `ids`; `dataset` itself when they already are. */
export function membershipsOver(dataset: Dataset, ids: readonly (string | number)[]): Dataset {
  const keys = ids.map(String);
  const current = dataset.workspaces.map((w) => w.id);
  if (keys.length === current.length && keys.every((id, i) => id === current[i])) return dataset;
  const members = keys.map(() => new Set<string>());
  if (keys.length > 0) {
    for (const [i, workspace] of dataset.workspaces.entries()) {
      const into = members[i % keys.length];
      for (const id of workspace.members) into?.add(id);
    }
  }
  const workspaces: Workspace[] = keys.map((id, i) =>
    Object.freeze({
      id,
      name: dataset.workspaces[i]?.name ?? id,
      members: Object.freeze([...(members[i] ?? [])]),
    }),
  );
  return { ...dataset, workspaces: Object.freeze(workspaces) };
}
