/**
 * The operations of spec/openapi.yaml, by `operationId`, each to its handler: one table, checked at compile time
 * against the operations the spec declares (a missing or extra entry, or a handler of the wrong body type, does not
 * build).
 */
import type { operations } from '../../spec/openapi-types.ts';
import type { OperationTable } from '../body-types.ts';
import { getDocs, getDocsAsset, getFavicon, getOpenApiJson, getOpenApiYaml } from './docs.ts';
import { getHealth } from './health.ts';
import {
  authorize,
  authorizeByPost,
  endSession,
  endSessionByPost,
  getAuthorizationServerMetadata,
  getJwks,
  getOpenidConfiguration,
  getUserinfo,
  introspectToken,
  issueToken,
  logout,
  revokeToken,
  postUserinfo,
  submitLogin,
} from './oauth.ts';
import { deleteUser, listUsers } from './users.ts';
import { listWorkspaceMembers } from './workspaces.ts';

export const API_OPERATIONS = {
  getHealth,
  listUsers,
  deleteUser,
  listWorkspaceMembers,
  issueToken,
  introspectToken,
  revokeToken,
  getJwks,
  getOpenidConfiguration,
  getAuthorizationServerMetadata,
  authorize,
  authorizeByPost,
  submitLogin,
  getUserinfo,
  postUserinfo,
  logout,
  endSession,
  endSessionByPost,
  getOpenApiYaml,
  getOpenApiJson,
  getDocs,
  getDocsAsset,
  getFavicon,
} satisfies OperationTable<operations>;
