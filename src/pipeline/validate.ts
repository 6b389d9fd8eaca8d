/**
 * Step 7 of docs/responses.md for a routed operation: its parameters and body against the document
 * (`validation.ts`). The token endpoint's refusal names the one parameter a request misses, as Auth0's does, rather
 * than every grant's complaint.
 */
import { oauthInvalidRequest } from '../errors.ts';
import type { OperationSpec } from '../spec/model.ts';
import type { Routed } from './document-routes.ts';
import { operationOf, routedOf, urlOf, type Exchange } from './exchange.ts';
import { jsonSentAsForm, missingParameter } from './missing-parameter.ts';
import { isMockError } from './render.ts';
import type { Step } from './step.ts';
import type { ValidationInput } from './validation.ts';

/**
 * Sets the body as validated (the schema's defaults applied); throws the 400 (or 415) that says what is wrong. A
 * request found valid before is not checked again (`RequestValidation.remembers`): nothing to wait for then.
 */
export const validateStep: Step = (x) => {
  const routed = routedOf(x);
  const operation = operationOf(x);
  const input = validationInput(x, routed);
  if (routed.at.validation.remembers(operation, input)) {
    x.validated = x.body;
    return undefined;
  }
  return validated(x, routed, operation, input);
};

/** What the validator reads of the request. */
function validationInput(x: Exchange, routed: Routed): ValidationInput {
  const { request } = x;
  const url = urlOf(x);
  return {
    method: request.method === 'HEAD' ? 'GET' : request.method,
    path: routed.path,
    search: url.search,
    query: url.query,
    headers: request.headers,
    params: x.params,
    body: x.body,
  };
}

async function validated(
  x: Exchange,
  routed: Routed,
  operation: OperationSpec,
  input: ValidationInput,
): Promise<undefined> {
  const { at } = routed;
  try {
    x.validated = await at.validation.check(operation, input);
    return undefined;
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
