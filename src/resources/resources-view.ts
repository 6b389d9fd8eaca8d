/** `GET /__admin/resources`' answer (docs/own-spec.md "What the engine made of a document"). */
import type { ResourceModel, ServedBy } from './resource-model.ts';

/** `GET /__admin/resources`' answer for a session whose collections hold `counts` records. */
export function resourcesView(
  model: ResourceModel,
  counts: (collection: string) => number,
): {
  collections: {
    name: string;
    path: string;
    schema: string | null;
    id: string | null;
    parent: string | null;
    unique: string[];
    count: number;
  }[];
  operations: { operationId: string; method: string; path: string; served_by: ServedBy }[];
} {
  return {
    collections: model.collections.map((c) => ({
      name: c.name,
      path: c.path,
      schema: c.schemaName ?? null,
      id: c.id.property ?? null,
      parent: c.parent?.collection ?? null,
      unique: [...c.unique],
      count: counts(c.name),
    })),
    operations: model.operations.map((op) => ({
      operationId: op.operationId,
      method: op.method.toUpperCase(),
      path: op.path,
      served_by: op.servedBy,
    })),
  };
}
