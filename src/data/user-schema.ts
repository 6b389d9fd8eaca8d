/**
 * Validates user records against `components.schemas.User` of `spec/openapi.yaml`, the single source of what a
 * user is: fixtures are checked by the same schema the API answers with.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { CodeOptions } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import { resolvePointer } from '../spec/document.ts';
import { readSpecDocument } from '../platform/node/document-file.ts';
import type { SpecDocument } from '../spec/document.ts';
import type { User } from '../spec/types.ts';
import { userChecker, type UserCheck } from './user-check.ts';

export type { UserCheck };

const SPEC_ID = 'https://identity-mock.local/spec/openapi.yaml';
const USER_POINTER = '#/components/schemas/User';

/**
 * Compiles the User schema of `spec` (refs resolved inside the document) into a checker.
 *
 * @example
 * const check = createUserValidator();
 * const result = check(JSON.parse(text));
 * if (!result.ok) console.error(result.problems.join('\n'));
 */
export function createUserValidator(spec: SpecDocument = readSpecDocument()): (record: unknown) => UserCheck {
  const { ajv, schema, allowed } = userSchemaAjv(spec);
  return userChecker(ajv.compile<User>(schema), allowed);
}

/**
 * The ajv that checks user records against the User schema of `spec`, the schema to compile, and the property names
 * the messages list. `code` is for compiling ahead (ajv's standalone code, the browser bundle).
 */
export function userSchemaAjv(
  spec: SpecDocument,
  code?: CodeOptions,
): { readonly ajv: Ajv2020; readonly schema: object; readonly allowed: string } {
  const components = resolvePointer(spec, '#/components');
  // Strict mode stays on to catch schema typos; OpenAPI's `x-` extensions and the `components` wrapper are
  // declared as annotation keywords so strict mode accepts them.
  const ajv = new Ajv2020({
    allErrors: true,
    verbose: true,
    validateSchema: false,
    ...(code === undefined ? {} : { code }),
  });
  formatsModule.default(ajv);
  ajv.addVocabulary(['components', ...extensionKeywords(components)]);
  ajv.addSchema({ $id: SPEC_ID, components });
  const allowed = Object.keys(objectAt(resolvePointer(spec, `${USER_POINTER}/properties`))).join(', ');
  return { ajv, schema: { $ref: `${SPEC_ID}${USER_POINTER}` }, allowed };
}

let ownChecker: ((record: unknown) => UserCheck) | undefined;

/**
 * Checks a record against the API's own spec, whose checker is compiled once, on the first record: a start
 * without fixtures (seeded data, `--help`) never compiles it.
 */
export function checkUserRecord(record: unknown): UserCheck {
  ownChecker ??= createUserValidator();
  return ownChecker(record);
}

function objectAt(value: unknown): object {
  return typeof value === 'object' && value !== null ? value : {};
}

/** Every `x-…` key used anywhere under `node`. */
function extensionKeywords(node: unknown, found = new Set<string>()): Set<string> {
  if (typeof node !== 'object' || node === null) return found;
  for (const [key, child] of Object.entries(node)) {
    if (key.startsWith('x-')) found.add(key);
    extensionKeywords(child, found);
  }
  return found;
}
