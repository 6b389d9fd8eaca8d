/**
 * Step 7 of docs/responses.md for a routed operation: its parameters and body against the document
 * (`validation.ts`). The token endpoint's refusal names the one parameter a request misses, as Auth0's does, rather
 * than every grant's complaint.
 */
import { oauthInvalidRequest } from '../errors.ts';
import type { RequestUrl } from '../protocol/request.ts';
import type { OperationSpec } from '../spec/model.ts';
import type { Exchange } from './exchange.ts';
import { jsonSentAsForm, missingParameter } from './missing-parameter.ts';
import { isMockError } from './render.ts';
import type { Routed } from './route.ts';
import type { ValidationInput } from './validation.ts';

/** What the validator reads of the request. */
export function validationInput(
  x: Exchange,
  url: RequestUrl,
  routed: Routed,
  params: Readonly<Record<string, string>>,
  body: unknown,
): ValidationInput {
  const { request } = x;
  return {
    method: request.method === 'HEAD' ? 'GET' : request.method,
    path: routed.path,
    search: url.search,
    query: url.query,
    headers: request.headers,
    params,
    body,
  };
}

/**
 * The body as validated (the schema's defaults applied); throws the 400 (or 415) that says what is wrong. A request
 * found valid before is not checked again (`RequestValidation.remembers`): the caller need not wait for this.
 */
export async function validateStep(
  x: Exchange,
  routed: Routed,
  operation: OperationSpec,
  input: ValidationInput,
): Promise<unknown> {
  const { at } = routed;
  try {
    return await at.validation.check(operation, input);
  } catch (error) {
    const missing =
      x.shape === 'oauth' ? missingParameter(at.document.model, operation, input.body) : undefined;
    if (missing !== undefined && isMockError(error) && error.status === 400) {
      const json = jsonSentAsForm(input.body)
        ? '; the body is JSON sent as application/x-www-form-urlencoded (what curl -d does): send Content-Type: application/json, or the fields form-encoded'
        : '';
      throw oauthInvalidRequest(`Missing required parameter: ${missing}${json}`);
    }
    throw error;
  }
}
