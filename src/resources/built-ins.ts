/**
 * identity-mock's own operations (docs/own-spec.md "Built-in operations"): a document's operation is served by one
 * of these handlers when its `operationId` is the handler's name, or when it names one with
 * `x-mock-handler: <name>`. The list is the operation table of spec/openapi.yaml
 * (`src/operations/api/table.ts`); a unit test keeps the two equal.
 */
export const BUILT_IN_OPERATIONS = [
  'getHealth',
  'listUsers',
  'deleteUser',
  'listWorkspaceMembers',
  'issueToken',
  'introspectToken',
  'revokeToken',
  'getJwks',
  'getOpenidConfiguration',
  'getAuthorizationServerMetadata',
  'authorize',
  'authorizeByPost',
  'submitLogin',
  'getUserinfo',
  'postUserinfo',
  'logout',
  'endSession',
  'endSessionByPost',
  'getOpenApiYaml',
  'getOpenApiJson',
  'getDocs',
  'getDocsAsset',
  'getFavicon',
] as const;

export type BuiltInOperation = (typeof BUILT_IN_OPERATIONS)[number];

export function isBuiltInOperation(name: string): name is BuiltInOperation {
  return BUILT_IN_OPERATIONS.some((op) => op === name);
}

/**
 * The parameters each built-in handler reads, by where they are: an operation it serves that does not declare one
 * is refused at start (exit 2), naming the operation and the parameter.
 */
export const BUILT_IN_NEEDS: Readonly<
  Partial<Record<BuiltInOperation, Readonly<Partial<Record<'path' | 'query', readonly string[]>>>>>
> = {
  listUsers: { query: ['page', 'page_size', 'sort_by', 'sort_order'] },
  deleteUser: { path: ['id-or-identifier'] },
  listWorkspaceMembers: { path: ['workspace'] },
  getDocsAsset: { path: ['asset'] },
};
