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
