/**
 * The real spec, read once per test file: the API model and what GET /users takes from it. Unit tests build their
 * stores and queries from these so that sortable fields, defaults and permissions come from spec/openapi.yaml.
 */
import { readSpecDocument } from '../../src/platform/node/document-file.ts';
import { buildApiModel, type ApiModel } from '../../src/spec/model.ts';
import { readListUsersSpec, type ListUsersSpec } from '../../src/users/query.ts';

export const API_MODEL: ApiModel = buildApiModel(readSpecDocument());
export const LIST_USERS_SPEC: ListUsersSpec = readListUsersSpec(API_MODEL);
