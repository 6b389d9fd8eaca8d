/**
 * Friendly names for the types generated from `spec/openapi.yaml` (see `openapi-types.ts`). Nothing here restates
 * a schema: every type is derived from the generated ones.
 */
import type { components, operations } from './openapi-types.ts';

export type User = components['schemas']['User'];
export type UserType = components['schemas']['UserType'];
export type UserStatus = components['schemas']['UserStatus'];
export type ErrorDetail = components['schemas']['ErrorDetail'];
export type ErrorLocation = ErrorDetail['location'];

export type ListUsersQuery = NonNullable<operations['listUsers']['parameters']['query']>;
export type SortField = NonNullable<ListUsersQuery['sort_by']>;
export type SortOrder = NonNullable<ListUsersQuery['sort_order']>;
