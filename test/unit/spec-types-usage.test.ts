/**
 * The generated types say what the documents say (openapi-typescript, `npm run gen:types`): a token request is one
 * of the grants, each with its fields, and one without `grant_type` is refused both by the compiler (`tsc` runs over
 * this file in `npm run lint`: an unused `@ts-expect-error` fails it) and by the document; the admin fixture
 * records are records, not `unknown[]`; a user's path segment is a string.
 */
import { describe, expect, it } from 'vitest';
import type { components as Admin, operations as AdminOperations } from '../../src/spec/admin-types.ts';
import type { components as Api, operations as ApiOperations } from '../../src/spec/openapi-types.ts';
import { SchemaValidator } from '../../src/spec/schema-validator.ts';
import { SPECS } from '../support/harness.ts';

type TokenRequest = Api['schemas']['TokenRequest'];
type Fixtures = AdminOperations['putFixtures']['requestBody']['content']['application/json'];
type UserSegment = ApiOperations['deleteUser']['parameters']['path']['id-or-identifier'];

const password: TokenRequest = {
  grant_type: 'password',
  client_id: 'mock-client',
  client_secret: 'mock-secret',
  username: 'admin@example.com',
  password: 'Passw0rd!',
};
// @ts-expect-error a token request names its grant
const withoutGrant: TokenRequest = { client_id: 'mock-client', username: 'admin@example.com', password: 'x' };
// @ts-expect-error the password grant's fields are strings
const numericPassword: TokenRequest = { grant_type: 'password', username: 'admin', password: 1 };

const user: Admin['schemas']['FixtureUser'] = {
  id: '8f14e45f-ceea-4672-a1b9-2c1d3e4f5a6b',
  identifier: 'ann.lee',
  name: 'Ann Lee',
  email: 'ann.lee@example.com',
  user_type: 'saas_user',
  status: 'active',
  created_at: '2024-03-05T10:20:30.000Z',
  updated_at: '2025-01-07T08:00:00.000Z',
};
const fixtures: Fixtures = { users: [user] };
// @ts-expect-error fixture users are records of their schema
const notUsers: Fixtures = { users: [42] };
const segment: UserSegment = 'ann.lee';

const api = new SchemaValidator(SPECS.api.doc);
const admin = new SchemaValidator(SPECS.admin.doc);

describe('the generated types and the documents agree', () => {
  it('a token request without grant_type is refused by the document too', () => {
    expect(api.problems('#/components/schemas/TokenRequest', password)).toBeUndefined();
    expect(api.problems('#/components/schemas/TokenRequest', withoutGrant)).toBeDefined();
    expect(api.problems('#/components/schemas/TokenRequest', numericPassword)).toBeDefined();
  });

  it('fixture records are checked record by record', () => {
    const pointer = '#/paths/~1fixtures/put/requestBody/content/application~1json/schema';
    expect(admin.problems(pointer, fixtures)).toBeUndefined();
    expect(admin.problems(pointer, notUsers)).toMatch(/users\/0/);
  });

  it('a user segment is a string: an id or an identifier', () => {
    const pointer = '#/paths/~1users~1{id-or-identifier}/delete/parameters/0/schema';
    expect(api.problems(pointer, segment)).toBeUndefined();
    expect(api.problems(pointer, 'Not An Identifier')).toBeDefined();
  });
});
