/**
 * The resource engine over a served document (docs/own-spec.md): its model, what a start refuses of it (an
 * `x-mock-handler` naming no built-in operation, a built-in operation without the parameter its handler reads),
 * the identity API's model with the permissions and roles the engine reads, and its collections seeded in steps.
 */
import type { Dataset } from '../data/dataset.ts';
import type { Steps } from '../data/sliced-work.ts';
import type { SpecDocument } from '../spec/document.ts';
import type { ApiModel } from '../spec/model.ts';
import { patternOf } from '../spec/route-table.ts';
import { ProblemList } from '../data/fixture-error.ts';
import { ResourceBase } from './base-collection.ts';
import { BUILT_IN_NEEDS } from './built-ins.ts';
import { inferResources } from './infer.ts';
import type { OperationModel, ResourceModel } from './resource-model.ts';
import type { ResourceRecord } from './run-list.ts';
import { SchemaReader } from './schema.ts';
import { storeUsers } from './users-store.ts';
import { membershipsOver } from './workspace-memberships.ts';
import { ResourceSeeder } from './seed.ts';

/** What the resource engine made of the served document (docs/own-spec.md), shared by every session. */
export interface ResourceServices {
  readonly model: ResourceModel;
  readonly reader: SchemaReader;
  /** The seeded records of its collections (each session writes over them, `session.resources`). */
  readonly base: ResourceBase;
  /** The seed the collections were seeded with; generated answers are deterministic for it. */
  readonly seed: number;
  /** The engine's reading of the operation `id`. */
  operation(id: string): OperationModel | undefined;
}

export interface ServedResources {
  readonly model: ResourceModel;
  readonly reader: SchemaReader;
  /** What a start refuses, each naming the operation and what it lacks. */
  readonly errors: readonly string[];
  /**
   * The collections seeded with `seed` over `dataset`'s users and workspaces, one collection a step; and the
   * dataset to serve: `dataset`, or, when the document has a `workspaces` collection, `dataset` with its
   * memberships drawn over that collection's seeded ids (`workspace-memberships.ts`).
   */
  seed(
    seed: number,
    dataset: Dataset,
    fixtures?: ReadonlyMap<string, readonly ResourceRecord[]>,
  ): Steps<{ readonly resources: ResourceServices; readonly dataset: Dataset }>;
}

/** Built-in handlers that read the caller (row-level access, the members check). */
const CALLER_HANDLERS: ReadonlySet<string> = new Set(['listUsers', 'deleteUser', 'listWorkspaceMembers']);

/** What the engine made of each document read this process (documents are frozen, and shared by mocks). */
const SERVED = new WeakMap<SpecDocument, ServedResources>();

/** What the engine makes of `doc` (read once per document). */
export function servedResources(doc: SpecDocument, api: ApiModel): ServedResources {
  let served = SERVED.get(doc);
  if (served === undefined) {
    served = readServed(doc, api);
    SERVED.set(doc, served);
  }
  return served;
}

function readServed(doc: SpecDocument, api: ApiModel): ServedResources {
  const model = inferResources(doc);
  const reader = new SchemaReader(doc);
  const errors = [...model.errors];
  for (const op of model.operations) {
    const needs = op.handler === undefined ? undefined : BUILT_IN_NEEDS[op.handler];
    if (needs === undefined) continue;
    const spec = api.operations.find((o) => o.id === op.operationId);
    if (op.handler !== undefined && CALLER_HANDLERS.has(op.handler) && !op.secured) {
      errors.push(
        `${op.operationId} (${op.method.toUpperCase()} ${op.path}) is served by the built-in ${op.handler}, which reads the caller's bearer token, and the document declares no security for it: add a bearer security requirement, or serve the operation another way (rename its operationId)`,
      );
    }
    for (const [where, names] of Object.entries(needs)) {
      const missing = names.filter(
        (name) => spec?.parameters.some((p) => p.in === where && p.name === name) !== true,
      );
      if (missing.length === 0) continue;
      const what = missing.length === 1 ? `the ${where} parameter` : `the ${where} parameters`;
      errors.push(
        `${op.operationId} (${op.method.toUpperCase()} ${op.path}) is served by the built-in ${op.handler}, which reads ${what} ${missing.join(', ')}: declare ${missing.length === 1 ? 'it' : 'them'}, or serve the operation another way (remove its x-mock-handler or rename its operationId)`,
      );
    }
  }
  for (const path of new Set(model.operations.map((op) => op.path))) {
    try {
      patternOf(path);
    } catch (error) {
      errors.push(error instanceof Error ? error.message : String(error));
    }
  }
  const byId = new Map(model.operations.map((op) => [op.operationId, op]));
  return {
    model,
    reader,
    errors,
    *seed(seed, dataset, fixtures) {
      const store = storeUsers(model);
      const seeder = new ResourceSeeder(model, reader, {
        seed,
        storeUsers: store?.name,
        userIds: dataset.users.map((u) => u.id),
        workspaceIds: dataset.workspaces.map((w) => w.id),
        ...(fixtures === undefined ? {} : { fixtures }),
      });
      if (fixtures !== undefined) checkParents(model, seeder, fixtures);
      const workspaces = model.collections.find((c) => c.name === 'workspaces' && c.parent === undefined);
      const served =
        workspaces === undefined ? dataset : membershipsOver(dataset, seeder.plannedIds(workspaces.name));
      const base = new ResourceBase(model, (name) => seeder.entries(name));
      // Seeded now, a collection at a time, so that no request pays for it and a large one leaves the loop free.
      for (const c of model.collections) {
        // The users collection that is the users store's (`users-store.ts`) has nothing to seed.
        if (c === store) continue;
        base.collection(c.name);
        yield;
      }
      return { resources: { model, reader, base, seed, operation: (id) => byId.get(id) }, dataset: served };
    },
  };
}

/**
 * `api` with what the engine reads of the document: each operation it serves needs the permissions it infers
 * (`x-permissions`, else the security requirement's scopes, else `verb:collection`), and each role also holds the
 * permissions the engine gives it (`saas_admin` every one the document names); the request media types are the
 * document's list and every one its request bodies declare.
 */
export function servedApiModel(api: ApiModel, model: ResourceModel): ApiModel {
  const byId = new Map(model.operations.map((op) => [op.operationId, op]));
  const operations = api.operations.map((spec) => {
    const op = byId.get(spec.id);
    return op === undefined || op.servedBy === 'built-in' ? spec : { ...spec, permissions: op.permissions };
  });
  const roles = new Map(api.rolePermissions);
  for (const [role, permissions] of model.rolePermissions) {
    const held = roles.get(role) ?? [];
    const extra = permissions.filter((p) => !held.includes(p));
    if (extra.length > 0) roles.set(role, [...held, ...extra]);
  }
  const ids = new Map(operations.map((op) => [op.id, op]));
  // Every media type an operation takes is one the identity API accepts (`application/merge-patch+json`).
  const types = new Set(api.requestContentTypes);
  for (const op of operations) for (const type of op.bodyMediaTypes) types.add(type.toLowerCase());
  return {
    ...api,
    operations,
    requestContentTypes: [...types],
    rolePermissions: roles,
    operation: (id) => ids.get(id) ?? api.operation(id),
  };
}

/** Refuses fixture records of a nested collection that name no record of its parent collection. */
function checkParents(
  model: ResourceModel,
  seeder: ResourceSeeder,
  fixtures: ReadonlyMap<string, readonly ResourceRecord[]>,
): void {
  const problems = new ProblemList();
  for (const c of model.collections) {
    const records = fixtures.get(c.name);
    const property = c.parent?.property;
    if (records === undefined || c.parent === undefined || property === undefined) continue;
    const parents = new Set(seeder.plannedIds(c.parent.collection).map(String));
    for (const [i, record] of records.entries()) {
      const value = record[property];
      if (!parents.has(String(value))) {
        problems.add(
          `the fixtures (${c.name}) record ${String(i + 1)}`,
          `${property} ${JSON.stringify(value)} names no record of ${c.parent.collection} (it holds ${[...parents].slice(0, 5).join(', ')}${parents.size > 5 ? ', …' : ''})`,
        );
      }
    }
  }
  problems.throwIfAny();
}
