/**
 * A user record checked by a compiled User schema (`user-schema.ts` compiles it in process; the browser bundle carries
 * it compiled ahead), with one message per problem that names the property and what it was given.
 */
import type { ErrorObject } from 'ajv/dist/2020.js';
import type { User } from '../spec/types.ts';

/** The outcome of checking one record: the typed user, or one message per problem (`/email must match …`). */
export type UserCheck =
  { readonly ok: true; readonly user: User } | { readonly ok: false; readonly problems: string[] };

/** A compiled schema, as ajv makes one (in process or as standalone code). */
export interface CompiledUserSchema {
  (record: unknown): boolean;
  errors?: readonly ErrorObject[] | null;
}

/** The checker of records over `validate`; `allowed` lists the User schema's properties for the messages. */
export function userChecker(validate: CompiledUserSchema, allowed: string): (record: unknown) => UserCheck {
  return (record) => {
    if (validate(record)) return { ok: true, user: record as User };
    return { ok: false, problems: describeErrors(validate.errors ?? [], allowed) };
  };
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
