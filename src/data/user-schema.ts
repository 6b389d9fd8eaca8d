/**
 * Validates user records against `components.schemas.User` of `spec/openapi.yaml`, the single source of what a
 * user is: fixtures are checked by the same schema the API answers with.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import { resolvePointer } from '../spec/document.ts';
import { readSpecDocument } from '../spec/document-file.ts';
import type { SpecDocument } from '../spec/document.ts';
import type { User } from '../spec/types.ts';

const SPEC_ID = 'https://identity-mock.local/spec/openapi.yaml';
const USER_POINTER = '#/components/schemas/User';

/** The outcome of checking one record: the typed user, or one message per problem (`/email must match …`). */
export type UserCheck =
  { readonly ok: true; readonly user: User } | { readonly ok: false; readonly problems: string[] };

/**
 * Compiles the User schema of `spec` (refs resolved inside the document) into a checker.
 *
 * @example
 * const check = createUserValidator();
 * const result = check(JSON.parse(text));
 * if (!result.ok) console.error(result.problems.join('\n'));
 */
export function createUserValidator(spec: SpecDocument = readSpecDocument()): (record: unknown) => UserCheck {
  const components = resolvePointer(spec, '#/components');
  // Strict mode stays on to catch schema typos; OpenAPI's `x-` extensions and the `components` wrapper are
  // declared as annotation keywords so strict mode accepts them.
  const ajv = new Ajv2020({ allErrors: true, verbose: true, validateSchema: false });
  formatsModule.default(ajv);
  ajv.addVocabulary(['components', ...extensionKeywords(components)]);
  ajv.addSchema({ $id: SPEC_ID, components });
  const validate = ajv.compile<User>({ $ref: `${SPEC_ID}${USER_POINTER}` });
  const allowed = Object.keys(objectAt(resolvePointer(spec, `${USER_POINTER}/properties`))).join(', ');
  return (record) => {
    if (validate(record)) return { ok: true, user: record };
    return { ok: false, problems: describeErrors(validate.errors ?? [], allowed) };
  };
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

/** One message per error, the missing required properties gathered into one. */
function describeErrors(errors: readonly ErrorObject[], allowedProperties: string): string[] {
  const missing = errors.filter((error) => error.keyword === 'required' && error.instancePath === '');
  const messages = errors
    .filter((error) => !missing.includes(error))
    .map((error) => describeError(error, allowedProperties));
  if (missing.length === 0) return messages;
  const names = missing.map((error) => `"${String(error.params['missingProperty'])}"`);
  return [
    `missing required ${names.length === 1 ? 'property' : 'properties'} ${names.join(', ')}`,
    ...messages,
  ];
}

function describeError(error: ErrorObject, allowedProperties: string): string {
  const path = error.instancePath === '' ? '' : `${error.instancePath} `;
  const param = (name: string): unknown => error.params[name];
  switch (error.keyword) {
    case 'required':
      return `missing required property "${String(param('missingProperty'))}"`;
    case 'additionalProperties':
      return `unknown property "${String(param('additionalProperty'))}" (allowed: ${allowedProperties})`;
    case 'enum': {
      const allowedValues = param('allowedValues');
      const list = Array.isArray(allowedValues) ? allowedValues.map(String).join(', ') : '';
      return `${path}must be one of ${list}${gotValue(error.data)}`;
    }
    default:
      return `${path}${error.message ?? 'is invalid'}${gotValue(error.data)}`;
  }
}

function gotValue(data: unknown): string {
  if (typeof data === 'object' && data !== null) return '';
  const text = JSON.stringify(data);
  return ` (got ${text.length > 60 ? `${text.slice(0, 57)}…` : text})`;
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
