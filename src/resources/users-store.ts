/**
 * Which collection of a served document is the users store's (docs/own-spec.md "Users and workspaces: one
 * store"): a top-level `users` whose item schema has the store's `email` and `identifier` and whose operations are
 * secured (the store's rules read the caller). Another document's `users` (Keycloak's `UserRepresentation` at
 * `/{realm}/users`, unsecured) is an inferred collection like any other.
 */
import type { CollectionModel, ResourceModel } from './resource-model.ts';

/** The document's users collection when it is the users store's; undefined otherwise. */
export function storeUsers(model: ResourceModel): CollectionModel | undefined {
  const users = model.collections.find((c) => c.name === 'users' && c.parent === undefined);
  if (users === undefined || !users.properties.has('email') || !users.properties.has('identifier'))
    return undefined;
  const engineServed = model.operations.filter((op) => op.collection === users.name);
  return engineServed.every((op) => op.secured) ? users : undefined;
}
