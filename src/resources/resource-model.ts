/**
 * The resource model a document is read into (docs/own-spec.md): its collections and every operation with what
 * serves it. Types only, besides the defaults of `x-mock-count` and `x-mock-max`; `infer.ts` builds it.
 */
import type { HttpMethod, SchemaNode } from '../spec/model.ts';
import type { BuiltInOperation } from './built-ins.ts';
import type { ErrorShape } from './error-shape.ts';
import type { IdRule } from './id-rule.ts';
import type { ListPlan } from './list-params.ts';
import type { ListShape } from './run-list.ts';

export const DEFAULT_MOCK_COUNT = 20;
export const DEFAULT_MOCK_MAX = 10_000;

export interface ParentLink {
  /** The parent collection's name. */
  readonly collection: string;
  /** The path parameter naming the parent record in this collection's paths. */
  readonly parameter: string;
  /** The item property that holds the parent's id (`workspace_id`), when the schema has one. */
  readonly property: string | undefined;
}

export interface CollectionModel {
  readonly name: string;
  /** The singular of the path's last segment (`workspace`), as prose says it. */
  readonly singular: string;
  /** Its snake_case, for codes (`workspace_not_found`). */
  readonly code: string;
  /** Its title case, for notices (`Workspace created successfully`). */
  readonly title: string;
  readonly path: string;
  readonly itemPath: string | undefined;
  /** The item schema's component name, when it is a reference. */
  readonly schemaName: string | undefined;
  /** The item schema, `allOf` merged. */
  readonly schema: SchemaNode;
  readonly properties: ReadonlyMap<string, SchemaNode>;
  readonly required: readonly string[];
  readonly readOnly: readonly string[];
  readonly writeOnly: readonly string[];
  readonly id: IdRule;
  readonly parent: ParentLink | undefined;
  /** Properties whose values are unique in the collection (`x-unique: true`), the id aside. */
  readonly unique: readonly string[];
  /** Records seeded (per parent record, for a nested collection): `x-mock-count`, default 20. */
  readonly count: number;
  /** Records a session may hold: `x-mock-max`, default 10 000. */
  readonly max: number;
  readonly list: ListPlan | undefined;
  /** The list answer's property holding the array, when the answer is an object. */
  readonly envelope: string | undefined;
  readonly listShape: ListShape;
  readonly sortable: ReadonlySet<string>;
}

export type ServedBy = 'built-in' | 'collection' | 'item' | 'example' | 'singleton';
export type ResourceAction = 'list' | 'create' | 'read' | 'replace' | 'patch' | 'delete';

export interface OperationModel {
  readonly operationId: string;
  readonly method: HttpMethod;
  readonly path: string;
  readonly servedBy: ServedBy;
  readonly handler: BuiltInOperation | undefined;
  readonly collection: string | undefined;
  readonly action: ResourceAction | undefined;
  /** The path parameter naming the record (item operations). */
  readonly itemParameter: string | undefined;
  /** The parents' path parameters, outermost first, with their collections. */
  readonly scope: readonly { readonly parameter: string; readonly collection: string }[];
  readonly secured: boolean;
  readonly permissions: readonly string[];
  /** The documented success status (the lowest 2xx), or the action's default (201 create, 204 delete, else 200). */
  readonly status: number;
  /** The success answer's schema node and example, for `example` and `singleton` operations. */
  readonly responseSchema: unknown;
  readonly example: unknown;
  /** A singleton `GET` whose answer is the user schema: it answers the caller's own record. */
  readonly answersCaller: boolean;
  /** Success headers the document declares that the engine fills. */
  readonly headers: { readonly location: boolean; readonly totalCount: boolean; readonly link: boolean };
}

export interface ResourceModel {
  readonly collections: readonly CollectionModel[];
  readonly operations: readonly OperationModel[];
  readonly rolePermissions: ReadonlyMap<string, readonly string[]>;
  readonly errorShape: ErrorShape;
  /** What the start-up log says: parameters not interpreted, paths read in a way worth knowing. */
  readonly notes: readonly string[];
  /** What a start refuses (exit 2): an `x-mock-handler` naming no built-in operation. */
  readonly errors: readonly string[];
}
