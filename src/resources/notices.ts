/** The `X-Message` of an engine answer (docs/own-spec.md "Messages", docs/responses.md). */
import type { CollectionModel, ResourceAction } from './resource-model.ts';

const DONE: Readonly<Partial<Record<ResourceAction, string>>> = {
  create: 'created',
  replace: 'updated',
  patch: 'updated',
  delete: 'deleted',
};

/**
 * `Data retrieved successfully` / `Data not found` for a list (by whether the page holds records) and a read;
 * `<Thing> created|updated|deleted successfully` for writes.
 *
 * @example
 * notice('create', workspaces); // 'Workspace created successfully'
 */
export function notice(action: ResourceAction, collection: CollectionModel, pageLength = 1): string {
  const done = DONE[action];
  if (done !== undefined) return `${collection.title} ${done} successfully`;
  return pageLength > 0 ? 'Data retrieved successfully' : 'Data not found';
}
