/** The fields of an authorization-server request body (JSON or form), as strings (docs/tokens.md). */
import { oauthInvalidRequest } from '../errors.ts';

/** The string fields of a parsed body; anything else is 400 `invalid_request`. */
export function stringFields(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw oauthInvalidRequest('the body must be an object of string fields');
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body)) {
    if (typeof value !== 'string') throw oauthInvalidRequest(`${key} must be a string`);
    fields[key] = value;
  }
  return fields;
}

/** The value of a required field, or 400 `invalid_request` naming it. */
export function required(fields: Readonly<Record<string, string>>, name: string): string {
  const value = fields[name];
  if (value === undefined || value === '') throw oauthInvalidRequest(`Missing required parameter: ${name}`);
  return value;
}
